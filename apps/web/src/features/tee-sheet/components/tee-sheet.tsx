import { pluralize } from '@links/shared/money';
import {
  CHAMPIONSHIP_INFO_TEXT,
  type ChosenTeeTime,
  type DiarySlot,
  FULL_SLOT_TEXT,
  freePlaces,
  isSlotSelectable,
  openSlotsText,
  SLOT_STATE_LABELS,
  type SlotState,
  selectedTeeTimeState,
  slotState,
  TIME_CONFLICT_TOOLTIP,
} from '@links/shared/slot-state';
import { formatLongDate, londonTime } from '@links/shared/uk-time';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { Spinner } from '@/components/ui/spinner';
import { useDiary } from '../api/get-diary';
import styles from './tee-sheet.module.css';

export const DIARY_ERROR_TITLE = 'There was an error loading the course diary';

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/** '23rd November 2026', for the empty-diary sentence ('... on the 23rd November 2026.'). */
export function ordinalDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const rest = dayMonthYear
    .formatToParts(Date.UTC(year, month - 1, day))
    .filter((part) => part.type !== 'day');
  return `${ordinal(day)}${rest.map((part) => part.value).join('')}`;
}

export function loadingTeeSheetText(courseName: string, date: string): string {
  return `Loading Tee Sheet for ${courseName} on ${formatLongDate(date)}`;
}

export function emptyTeeSheetText(courseName: string, date: string): string {
  return `There are no longer any bookable slots available for ${courseName} on the ${ordinalDate(date)}.`;
}

function tooltipFor(state: SlotState, free: number, golferCount: number): string {
  switch (state) {
    case 'selected':
      return 'Your chosen tee time. Select it again to clear it.';
    case 'time_conflict':
      return TIME_CONFLICT_TOOLTIP;
    case 'min_2_golfers':
      return CHAMPIONSHIP_INFO_TEXT;
    case 'too_many_golfers':
      return `Only ${free} ${pluralize(free, 'place')} left for your ${golferCount} golfers.`;
    case 'full':
      return 'This tee time is fully booked.';
    case 'available':
      return `${openSlotsText(free)}. Select to choose this tee time.`;
  }
}

function statusText(state: SlotState, free: number): string {
  if (state === 'available') return openSlotsText(free);
  if (state === 'full') return FULL_SLOT_TEXT;
  return SLOT_STATE_LABELS[state];
}

export type TeeSheetProps = {
  course: { id: number; name: string; course_completion_time: number };
  date: string;
  golferCount: number;
  selectedSlotId: number | null;
  currentBookingId: number | null;
  otherCourseTeeTimes: ChosenTeeTime[];
  onToggleSlot: (slot: DiarySlot) => void;
  /**
   * Called after each diary load with whether the chosen slot can still take this group, and whether it cannot
   * because the group is now too small to start it (Championship, 'Min 2 golfers').
   */
  onSelectedValidity: (slotId: number, isValid: boolean, tooFew: boolean) => void;
};

/** One course's tee sheet for one UK day: every slot with its state, colour and explanation. */
export function TeeSheet({
  course,
  date,
  golferCount,
  selectedSlotId,
  currentBookingId,
  otherCourseTeeTimes,
  onToggleSlot,
  onSelectedValidity,
}: TeeSheetProps) {
  const diary = useDiary({ courseId: course.id, date, currentBookingId }, golferCount > 0);
  const listRef = useRef<HTMLFieldSetElement>(null);
  const headingId = useId();
  const slots = diary.data;
  const [focusedId, setFocusedId] = useState<number | null>(null);

  // Spec section 4: the chosen tee time's validity is recomputed whenever the diary (or the group) changes.
  useEffect(() => {
    if (selectedSlotId === null || !slots || diary.isFetching) return;
    const slot = slots.find((candidate) => candidate.id === selectedSlotId);
    const state =
      slot &&
      selectedTeeTimeState({
        slot,
        courseId: course.id,
        golferCount,
        currentBookingId,
        completionHours: course.course_completion_time,
        otherCourseTeeTimes,
      });
    onSelectedValidity(selectedSlotId, state === 'available', state === 'min_2_golfers');
  }, [
    slots,
    diary.isFetching,
    selectedSlotId,
    course.id,
    course.course_completion_time,
    golferCount,
    currentBookingId,
    otherCourseTeeTimes,
    onSelectedValidity,
  ]);

  function onKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-slot]') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const top = buttons[0]?.offsetTop ?? 0;
    const columns = Math.max(1, buttons.filter((button) => button.offsetTop === top).length);
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -columns,
      ArrowDown: columns,
      Home: -index,
      End: buttons.length - 1 - index,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const target = buttons[Math.min(buttons.length - 1, Math.max(0, index + step))];
    if (!target) return;
    target.focus();
  }

  let body: ReactNode;
  if (golferCount === 0) {
    body = <p className={styles.message}>Add your golfers to see the tee times.</p>;
  } else if (diary.isError) {
    body = <LoadFailedAlert title={DIARY_ERROR_TITLE} query={diary} />;
  } else if (!slots) {
    body = (
      <div className={styles.loading}>
        <Spinner label={loadingTeeSheetText(course.name, date)} />
      </div>
    );
  } else if (slots.length === 0) {
    body = (
      <Alert type="info">
        <p>{emptyTeeSheetText(course.name, date)}</p>
      </Alert>
    );
  } else {
    // One tab stop for the whole sheet: the slot last focused, else the chosen one, else the first.
    const has = (id: number | null) => id !== null && slots.some((slot) => slot.id === id);
    const focusable = has(focusedId) ? focusedId : has(selectedSlotId) ? selectedSlotId : slots[0]?.id;
    body = (
      <fieldset ref={listRef} className={styles.slots} aria-labelledby={headingId} onKeyDown={onKeyDown}>
        {slots.map((slot) => {
          const state = slotState({
            slot,
            courseId: course.id,
            golferCount,
            selectedSlotId,
            currentBookingId,
            completionHours: course.course_completion_time,
            otherCourseTeeTimes,
          });
          const free = freePlaces(slot, currentBookingId);
          const time = londonTime(new Date(slot.slot_date_time));
          const tooltipId = `${headingId}-slot-${slot.id}`;
          const selectable = isSlotSelectable(state);
          return (
            <span key={slot.id} className={styles.cell}>
              <button
                type="button"
                data-slot={slot.id}
                data-state={state}
                className={styles.slot}
                tabIndex={slot.id === focusable ? 0 : -1}
                aria-pressed={state === 'selected'}
                aria-disabled={!selectable || undefined}
                aria-describedby={tooltipId}
                onFocus={() => setFocusedId(slot.id)}
                onClick={() => {
                  if (selectable) onToggleSlot(slot);
                }}
              >
                <span className={styles.time}>{time}</span>
                <span className={styles.status}>{statusText(state, free)}</span>
              </button>
              <span id={tooltipId} role="tooltip" className={styles.tooltip}>
                {tooltipFor(state, free, golferCount)}
              </span>
            </span>
          );
        })}
      </fieldset>
    );
  }

  return (
    <div className={styles.sheet}>
      <div className={styles.header}>
        <h3 id={headingId} className={styles.course}>
          {course.name}
        </h3>
        <p className={styles.subtitle}>
          Available tee times <span className={styles.date}>{formatLongDate(date)}</span>
        </p>
        <p className={styles.note}>All times are UK local time.</p>
      </div>
      {body}
    </div>
  );
}
