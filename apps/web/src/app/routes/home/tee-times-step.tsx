import {
  CHAMPIONSHIP_COURSE_ID,
  CHAMPIONSHIP_MIN_GOLFERS_EMPTY_SLOT,
  MAX_GOLFERS,
} from '@links/shared/constants';
import type { ChosenTeeTime, DiarySlot } from '@links/shared/slot-state';
import { CHAMPIONSHIP_INFO_TEXT } from '@links/shared/slot-state';
import { formatSummaryTeeTime, todayInLondon } from '@links/shared/uk-time';
import { useCallback, useMemo } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import type { BookingCourse } from '@/features/booking-flow/state/booking-state';
import { invalidTeeTimeMessage } from '@/features/booking-flow/state/step-one-validation';
import { MonthCalendar } from '@/features/tee-sheet/components/month-calendar';
import { TeeSheet } from '@/features/tee-sheet/components/tee-sheet';
import stepStyles from './steps.module.css';
import { SyncedDatesToggle } from './synced-dates-toggle';
import styles from './tee-times-step.module.css';

function chosenTeeTimes(courses: BookingCourse[]): ChosenTeeTime[] {
  return courses.flatMap((course) =>
    course.teeTime
      ? [
          {
            courseId: course.id,
            start: new Date(course.teeTime.time),
            completionHours: course.course_completion_time,
          },
        ]
      : [],
  );
}

function CourseTeeTimes({ course, chosen }: { course: BookingCourse; chosen: ChosenTeeTime[] }) {
  const { state, dispatch } = useBooking();
  const others = useMemo(
    () => chosen.filter((teeTime) => teeTime.courseId !== course.id),
    [chosen, course.id],
  );
  const onToggleSlot = useCallback(
    (slot: DiarySlot) =>
      dispatch({
        type: 'tee-time/toggle',
        courseId: course.id,
        slot: { id: slot.id, time: slot.slot_date_time },
      }),
    [dispatch, course.id],
  );
  const onSelectedValidity = useCallback(
    (slotId: number, isValid: boolean, tooFew: boolean) =>
      dispatch({ type: 'tee-time/validate', courseId: course.id, slotId, isValid, tooFew }),
    [dispatch, course.id],
  );
  const invalid = course.teeTime !== null && !course.teeTime.isValid;

  return (
    <article
      className={styles.course}
      aria-label={`${course.name} date and tee time`}
      data-course-id={course.id}
    >
      <MonthCalendar
        courseId={course.id}
        courseName={course.name}
        closingDate={course.closing_date}
        today={todayInLondon()}
        viewMonth={course.viewMonth}
        selectedDate={course.playDate}
        onSelectDate={(date) => dispatch({ type: 'calendar/select-date', courseId: course.id, date })}
        onChangeMonth={(month) => dispatch({ type: 'calendar/change-month', courseId: course.id, month })}
      />
      <div className={styles['sheet-column']}>
        {invalid ? <Alert type="error">{invalidTeeTimeMessage(course.teeTime)}</Alert> : null}
        <TeeSheet
          course={course}
          date={course.playDate}
          golferCount={state.golfers.length}
          selectedSlotId={course.teeTime?.id ?? null}
          currentBookingId={state.booking.id}
          otherCourseTeeTimes={others}
          onToggleSlot={onToggleSlot}
          onSelectedValidity={onSelectedValidity}
        />
      </div>
    </article>
  );
}

/** Section 3: per course a calendar and the tee sheet of the chosen day; the date sync toggle; the Championship note. */
export function TeeTimesStep() {
  const { state, dispatch } = useBooking();
  const chosen = useMemo(() => chosenTeeTimes(state.courses), [state.courses]);
  const showChampionshipInfo =
    state.courses.some((course) => course.id === CHAMPIONSHIP_COURSE_ID) &&
    state.golfers.length < CHAMPIONSHIP_MIN_GOLFERS_EMPTY_SLOT;

  // A tour operator's group of more than four (it always has its course, so this step is drawn) is held and changed
  // on its own page: step 2's Back and the step bar land here. Decided in this lazy step, not in `/`'s entry.
  if (state.golfers.length > MAX_GOLFERS) return <Navigate to="/group-booking" replace />;

  return (
    <div className={stepStyles.stack}>
      {state.courses.length > 1 ? (
        <SyncedDatesToggle
          checked={state.syncedDateMode}
          onChange={(enabled) => dispatch({ type: 'synced-dates/set', enabled })}
        />
      ) : null}
      {showChampionshipInfo ? <Alert type="info">{CHAMPIONSHIP_INFO_TEXT}</Alert> : null}
      {state.courses.map((course) => (
        <CourseTeeTimes key={course.id} course={course} chosen={chosen} />
      ))}
    </div>
  );
}

/** The closed section's summary: each course with its chosen tee time. */
export function ChosenTeeTimesSummary() {
  const { state } = useBooking();
  return (
    <ul className={styles['chosen-list']}>
      {state.courses.map((course) => (
        <li key={course.id}>
          <strong>{course.name}</strong>{' '}
          {course.teeTime ? formatSummaryTeeTime(new Date(course.teeTime.time)) : 'No tee time yet'}
        </li>
      ))}
    </ul>
  );
}
