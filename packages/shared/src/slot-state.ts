import { CHAMPIONSHIP_COURSE_ID, CHAMPIONSHIP_MIN_GOLFERS_EMPTY_SLOT, PLAYERS_PER_SLOT } from './constants';
import { pluralize } from './money';

export type SlotBooking = { booking_id: number; players: number };
export type DiarySlot = { id: number; slot_date_time: string /* ISO UTC */; bookings: SlotBooking[] };
export type SlotState =
  | 'selected'
  | 'time_conflict'
  | 'min_2_golfers'
  | 'too_many_golfers'
  | 'full'
  | 'available';

/** A tee time already chosen in this booking, with the completion time of its course. */
export type ChosenTeeTime = { courseId: number; start: Date; completionHours: number };

export type SlotStateInput = {
  slot: DiarySlot;
  courseId: number;
  golferCount: number;
  /** The slot currently chosen as this course's tee time, if any. */
  selectedSlotId?: number | null;
  /** The booking being edited: its own players do not take places from itself. */
  currentBookingId?: number | null;
  /** Completion time of this slot's course, in hours. */
  completionHours: number;
  /** Tee times chosen on the booking's other courses (entries for this course are ignored). */
  otherCourseTeeTimes: ChosenTeeTime[];
};

const HOUR_MS = 3_600_000;

/** Places in the slot held by bookings other than the current one. */
export function placesTaken(slot: DiarySlot, currentBookingId?: number | null): number {
  let taken = 0;
  for (const booking of slot.bookings) {
    if (currentBookingId != null && booking.booking_id === currentBookingId) continue;
    taken += booking.players;
  }
  return taken;
}

/** Places still free for the current booking, never below zero (an overbooked slot is simply full). */
export function freePlaces(slot: DiarySlot, currentBookingId?: number | null): number {
  return Math.max(0, PLAYERS_PER_SLOT - placesTaken(slot, currentBookingId));
}

/**
 * Spec section 5: a slot on course A conflicts with tee time T chosen on another course B when the slot starts
 * inside B's round [T, T + completion(B)), or when T lies within one completion time of A either side of the
 * slot (|slot - T| < completion(A)), which also stops the A round from running into B's tee time.
 * Both bounds are exclusive at the far end: a round that finishes exactly as the next starts is fine.
 */
export function hasTimeConflict(
  slotStart: Date,
  slotCompletionHours: number,
  courseId: number,
  chosen: ChosenTeeTime[],
): boolean {
  const slotMs = slotStart.getTime();
  const ownWindowMs = slotCompletionHours * HOUR_MS;
  return chosen.some((teeTime) => {
    if (teeTime.courseId === courseId) return false;
    const otherMs = teeTime.start.getTime();
    const insideOtherRound = slotMs >= otherMs && slotMs < otherMs + teeTime.completionHours * HOUR_MS;
    const otherNearSlot = Math.abs(slotMs - otherMs) < ownWindowMs;
    return insideOtherRound || otherNearSlot;
  });
}

/**
 * The display state of one slot for the booking being built. Precedence, first match wins:
 *  1. selected          - it is this course's chosen tee time; the user must always be able to see and clear it
 *                         (whether it is still valid is asked separately, see isSelectedTeeTimeValid).
 *  2. time_conflict     - a clash with another course cannot be fixed by changing golfers, so it is said first.
 *  3. full              - no free places at all: 'Unavailable' says more than any golfer-count hint.
 *  4. too_many_golfers  - some places are free, but fewer than the group needs.
 *  5. min_2_golfers     - Championship only: an empty slot (no places taken by others) cannot be started by a
 *                         single golfer, who may still join a slot someone else has started.
 *  6. available
 */
export function slotState(input: SlotStateInput): SlotState {
  const { slot, courseId, golferCount, selectedSlotId, currentBookingId } = input;
  if (selectedSlotId != null && selectedSlotId === slot.id) return 'selected';
  if (
    hasTimeConflict(new Date(slot.slot_date_time), input.completionHours, courseId, input.otherCourseTeeTimes)
  ) {
    return 'time_conflict';
  }
  const free = freePlaces(slot, currentBookingId);
  if (free === 0) return 'full';
  if (free < golferCount) return 'too_many_golfers';
  if (
    courseId === CHAMPIONSHIP_COURSE_ID &&
    placesTaken(slot, currentBookingId) === 0 &&
    golferCount < CHAMPIONSHIP_MIN_GOLFERS_EMPTY_SLOT
  ) {
    return 'min_2_golfers';
  }
  return 'available';
}

/** Whether clicking the slot does something: choosing an available slot or clearing the selected one. */
export function isSlotSelectable(state: SlotState): boolean {
  return state === 'available' || state === 'selected';
}

/**
 * Whether the chosen tee time may still be booked, e.g. after the diary reloads or the golfer count changes:
 * the slot's state as if it were not selected must be 'available'.
 */
export function isSelectedTeeTimeValid(input: Omit<SlotStateInput, 'selectedSlotId'>): boolean {
  return selectedTeeTimeState(input) === 'available';
}

/** The chosen tee time's state as if it were not selected: 'available', or what now stands in its way. */
export function selectedTeeTimeState(input: Omit<SlotStateInput, 'selectedSlotId'>): SlotState {
  return slotState({ ...input, selectedSlotId: null });
}

export const SLOT_STATE_LABELS: Record<SlotState, string> = {
  selected: 'Selected',
  time_conflict: 'Time Conflict',
  min_2_golfers: 'Min 2 golfers',
  too_many_golfers: 'Too many golfers',
  full: 'Full',
  available: 'Available',
};

/** What a full slot's button shows (spec section 4). */
export const FULL_SLOT_TEXT = 'Unavailable';

/** What an available slot's button shows: '1 slot open', '3 slots open'. */
export function openSlotsText(free: number): string {
  return `${free} ${pluralize(free, 'slot')} open`;
}

export const TIME_CONFLICT_TOOLTIP =
  'This tee time overlaps with a previously selected courses completion time.';
export const CHAMPIONSHIP_INFO_TEXT =
  'On the Championship Course, we require at least two players to book a tee time with no existing reservations.';
