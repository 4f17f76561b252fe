import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { BookingShell } from '../../features/booking-flow/components/booking-shell';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './frames.module.css';

export function ContactDetailsRoute() {
  usePageTitle('Contact details');
  return (
    <BookingShell
      step={2}
      eyebrow="Step 2 of 3"
      heading="Add contact details"
      lead="Tell us who is playing and how to reach the lead golfer about this booking."
    >
      <div className={`${styles.card} ${styles.stack}`}>
        <Alert type="info" title="Your booking starts with step 1">
          <p>Choose your golfers, courses and tee times first; your contact details are added next.</p>
        </Alert>
        <div>
          <ButtonLink to={paths.home.getHref()}>Create experience</ButtonLink>
        </div>
      </div>
    </BookingShell>
  );
}
