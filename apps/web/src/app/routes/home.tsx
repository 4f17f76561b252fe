import { CHAMPIONSHIP_COURSE_ID, CHAMPIONSHIP_MIN_GOLFERS_EMPTY_SLOT } from '@links/shared/constants';
import type { Course } from '@links/shared/schemas/courses';
import { useCallback, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useUser } from '../../features/auth/api/get-user';
import { BookingShell } from '../../features/booking-flow/components/booking-shell';
import { StepSection } from '../../features/booking-flow/components/step-section';
import { CourseSelection } from '../../features/courses/components/course-selection';
import { GolferSelector } from '../../features/golfers/components/golfer-selector';
import type { Golfer } from '../../features/golfers/golfers';
import { MaintenanceBanner } from '../../features/maintenance/components/maintenance-banner';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './home.module.css';

export const CHAMPIONSHIP_INFO =
  'On the Championship Course, we require at least two players to book a tee time with no existing reservations.';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Step 1. Golfers and courses live in this route's state for now; the booking-flow state (issue 5)
 * takes them over together with tee times, extras and the summary.
 */
export function HomeRoute() {
  const { operator } = useUser();
  usePageTitle(operator ? 'Create Experience - Tour Operator' : 'Create Experience');
  const [golfers, setGolfers] = useState<Golfer[]>([]);
  const [courses, setCourses] = useState<Course[]>([]);
  const toggleCourse = useCallback((course: Course) => {
    setCourses((current) =>
      current.some((selected) => selected.id === course.id)
        ? current.filter((selected) => selected.id !== course.id)
        : [...current, course].sort((a, b) => a.id - b.id),
    );
  }, []);
  const showChampionshipInfo =
    courses.some((course) => course.id === CHAMPIONSHIP_COURSE_ID) &&
    golfers.length < CHAMPIONSHIP_MIN_GOLFERS_EMPTY_SLOT;

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
            <GolferSelector golfers={golfers} onChange={setGolfers} />
          </StepSection>
          <StepSection
            number={2}
            title="Choose your courses"
            description="Select one or more courses; two or more earn combination rates."
          >
            <CourseSelection selectedIds={courses.map((course) => course.id)} onToggle={toggleCourse} />
          </StepSection>
          <StepSection number={3} title="Choose your tee times" description="All times are UK local time.">
            <div className={styles.stack}>
              {showChampionshipInfo ? <Alert type="info">{CHAMPIONSHIP_INFO}</Alert> : null}
              <p className={styles.muted}>
                Choose a course above to see its calendar and available tee times.
              </p>
            </div>
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
            <dl className={styles['summary-list']}>
              <div>
                <dt>Golfers</dt>
                <dd>{golfers.length > 0 ? plural(golfers.length, 'golfer') : 'None added yet'}</dd>
              </div>
              <div>
                <dt>Courses</dt>
                <dd>
                  {courses.length > 0 ? courses.map((course) => course.name).join(', ') : 'None selected yet'}
                </dd>
              </div>
            </dl>
            <div className={styles['summary-empty']}>
              <p>Prices appear here once every course has a tee time.</p>
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
