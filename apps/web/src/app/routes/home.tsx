import { Button } from '../../components/ui/button';
import { useUser } from '../../features/auth/api/get-user';
import { BookingShell } from '../../features/booking-flow/components/booking-shell';
import { StepSection } from '../../features/booking-flow/components/step-section';
import { MaintenanceBanner } from '../../features/maintenance/components/maintenance-banner';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './home.module.css';

export function HomeRoute() {
  const { operator } = useUser();
  usePageTitle(operator ? 'Create Experience - Tour Operator' : 'Create Experience');

  return (
    <BookingShell
      step={1}
      eyebrow="Online tee-time booking"
      heading="Create experience"
      lead="Choose your golfers, courses and tee times on the Championship, Burnside and Buddon Links courses, then pay securely online."
      alerts={<MaintenanceBanner />}
    >
      <div className={styles.layout}>
        <div className={styles.sections}>
          <StepSection number={1} title="Add your golfers" description="You can include up to four golfers.">
            <p className={styles.muted}>Add each golfer in your group and choose their rate.</p>
          </StepSection>
          <StepSection number={2} title="Choose your courses" description="Select one or more courses.">
            <p className={styles.muted}>Book two or more courses to enjoy combination rates.</p>
          </StepSection>
          <StepSection number={3} title="Choose your tee times" description="All times are UK local time.">
            <p className={styles.muted}>Choose a course above to see its calendar and available tee times.</p>
          </StepSection>
          <StepSection number={4} title="Add your extras" description="Caddies, paid in cash on the day.">
            <p className={styles.muted}>
              Caddies can be requested once every course has a tee time at least 24 hours away.
            </p>
          </StepSection>
          <StepSection number={5} title="Optional requests">
            <p className={styles.muted}>
              Tell us about trolley or club hire, or anything else that would help us prepare for your visit.
            </p>
          </StepSection>
        </div>
        <aside className={styles.aside}>
          <StepSection number={6} title="Your booking summary">
            <div className={styles['summary-empty']}>
              <p>Your golfers, rounds and prices will appear here as you build your booking.</p>
            </div>
            <div className={styles['summary-actions']}>
              <Button size="lg" block disabled>
                Complete your selection to continue
              </Button>
              <p className={styles.note}>
                Prices include VAT at 20%. Caddie fees are paid in cash on the day.
              </p>
            </div>
          </StepSection>
        </aside>
      </div>
    </BookingShell>
  );
}
