import type { Course } from '@links/shared/schemas/courses';
import type { PlayerType } from '@links/shared/schemas/players';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { preloadModalDialog } from '@/components/ui/modal';
import { useUser } from '@/features/auth/api/get-user';
import { BookingShell } from '@/features/booking-flow/components/booking-shell';
import { StepSection } from '@/features/booking-flow/components/step-section';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import { loadCalendarRules } from '@/features/booking-flow/state/load-calendar-rules';
import { stepOneProblems } from '@/features/booking-flow/state/step-one-validation';
import { CourseSelection, preloadCombinationRates } from '@/features/courses/components/course-selection';
import { GolferSelector } from '@/features/golfers/components/golfer-selector';
import { MaintenanceBanner } from '@/features/maintenance/components/maintenance-banner';
import { usePageTitle } from '@/hooks/use-page-title';
import { useMaintenanceNotice } from '@/lib/maintenance-notice';
import { ContinueAction } from './home/continue-action';
import { preloadOnFirstIntent } from './home/preload-on-intent';
import stepStyles from './home/steps.module.css';
import { useAutoCollapse } from './home/use-auto-collapse';
import styles from './home.module.css';

// Calendars, tee sheets, extras and the priced summary load only once a course is chosen: `/` stays small.
const TeeTimesStep = lazy(() => import('./home/tee-times-step').then((m) => ({ default: m.TeeTimesStep })));
const ExtrasStep = lazy(() => import('./home/extras-step').then((m) => ({ default: m.ExtrasStep })));
const ChosenTeeTimesSummary = lazy(() =>
  import('./home/tee-times-step').then((m) => ({ default: m.ChosenTeeTimesSummary })),
);
const SummaryStep = lazy(() => import('./home/summary-step').then((m) => ({ default: m.SummaryStep })));

function preloadStepOneDetails() {
  void import('./home/tee-times-step');
  void loadCalendarRules();
  preloadModalDialog();
  preloadCombinationRates();
}

export const NOTES_LABEL = 'Additional notes';
const EXTRAS_SECTION_ID = 'add-your-extras';

/** Step 1, 'Create experience': the six sections of spec section 2 over the booking state. */
export function HomeRoute() {
  const { operator } = useUser();
  usePageTitle(operator ? 'Create Experience - Tour Operator' : 'Create Experience');
  const { state, dispatch } = useBooking();
  const notesId = useId();
  const hasCourses = state.courses.length > 0;
  const teeTimesComplete = hasCourses && state.courses.every((course) => course.teeTime?.isValid === true);
  const teeTimes = useAutoCollapse(teeTimesComplete, EXTRAS_SECTION_ID);

  // The date rules and the tee-time code, fetched while the visitor is still choosing golfers: a course click takes
  // an interaction, and the first one starts the fetch (on idle, it lengthened a phone's start-up).
  useEffect(() => preloadOnFirstIntent(preloadStepOneDetails), []);

  // Nothing is called wrong before the visitor has done anything: 'Please select at least one course.' waits until a
  // course has been chosen (and given up) on this page. The disabled Continue says what is missing meanwhile.
  const [coursesTouched, setCoursesTouched] = useState(false);
  const toggleCourse = useCallback(
    async (course: Course) => {
      setCoursesTouched(true);
      const { todayInLondon, isPlayDateOpen } = await loadCalendarRules();
      dispatch({ type: 'courses/toggle', course, today: todayInLondon(), isPlayDateOpen });
    },
    [dispatch],
  );
  const addGolfer = useCallback(
    (playerTypes: readonly PlayerType[]) => dispatch({ type: 'golfers/add', playerTypes }),
    [dispatch],
  );
  const addFirstGolfer = useCallback(
    (playerTypes: readonly PlayerType[]) => dispatch({ type: 'golfers/add-first', playerTypes }),
    [dispatch],
  );

  const maintenance = useMaintenanceNotice() !== null;
  const sectionFallback = <div className={stepStyles['section-loading']} aria-busy="true" />;

  return (
    <BookingShell
      step={1}
      eyebrow="Online tee-time booking"
      heading="Create experience"
      lead="Choose your golfers, courses and tee times on the Championship, Burnside and Buddon Links courses, then pay securely online."
      alerts={<MaintenanceBanner />}
    >
      {/* During maintenance the one message above says it all: no form that cannot work under it. */}
      {maintenance ? null : (
        <div className={styles.layout}>
          <div className={styles.sections}>
            <StepSection
              number={1}
              title="Add your golfers"
              description="You can include up to four golfers."
            >
              <GolferSelector
                golfers={state.golfers}
                onAdd={addGolfer}
                onAddFirst={addFirstGolfer}
                onRemove={(position) => dispatch({ type: 'golfers/remove', position })}
                onTypeChange={(position, playerTypeId) =>
                  dispatch({ type: 'golfers/set-type', position, playerTypeId })
                }
              />
            </StepSection>
            <StepSection
              number={2}
              title="Choose your courses"
              description="Select one or more courses; two or more earn combination rates."
            >
              <CourseSelection
                selectedIds={state.courses.map((course) => course.id)}
                onToggle={(course) => void toggleCourse(course)}
              />
            </StepSection>
            <StepSection
              number={3}
              title="Choose your tee times"
              description="All times are UK local time."
              collapse={
                teeTimesComplete
                  ? {
                      collapsed: teeTimes.collapsed,
                      onToggle: teeTimes.toggle,
                      summary: (
                        <Suspense fallback={null}>
                          <ChosenTeeTimesSummary />
                        </Suspense>
                      ),
                    }
                  : undefined
              }
            >
              {hasCourses ? (
                <Suspense fallback={sectionFallback}>
                  <TeeTimesStep />
                </Suspense>
              ) : (
                <p className={styles.muted}>
                  Choose a course above to see its calendar and available tee times.
                </p>
              )}
            </StepSection>
            <StepSection
              id={EXTRAS_SECTION_ID}
              number={4}
              title="Add your extras"
              description="Caddies, paid in cash on the day."
            >
              {hasCourses ? (
                <Suspense fallback={sectionFallback}>
                  <ExtrasStep />
                </Suspense>
              ) : (
                <p className={styles.muted}>Caddies can be added once every course has a tee time.</p>
              )}
            </StepSection>
            <StepSection number={5} title="Optional requests">
              <div className={stepStyles.notes}>
                <label htmlFor={notesId} className={stepStyles.label}>
                  {NOTES_LABEL}
                </label>
                <p id={`${notesId}-hint`} className={stepStyles.hint}>
                  Trolley or club hire, accessibility needs, or anything else that would help us prepare for
                  your visit.
                </p>
                <textarea
                  id={notesId}
                  className={stepStyles.textarea}
                  rows={4}
                  maxLength={2000}
                  aria-describedby={`${notesId}-hint`}
                  value={state.notes}
                  onChange={(event) => dispatch({ type: 'notes/set', notes: event.target.value })}
                />
              </div>
            </StepSection>
          </div>
          <aside className={styles.aside}>
            <StepSection number={6} title="Your booking summary">
              {hasCourses ? (
                <Suspense fallback={sectionFallback}>
                  <SummaryStep />
                </Suspense>
              ) : (
                <>
                  <div className={stepStyles['summary-empty']}>
                    <p>Prices appear here once every course has a tee time.</p>
                  </div>
                  <ContinueAction
                    canContinue={false}
                    problems={coursesTouched ? stepOneProblems(state) : []}
                  />
                </>
              )}
            </StepSection>
          </aside>
        </div>
      )}
    </BookingShell>
  );
}
