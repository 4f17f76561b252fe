import { PLAYERS_PER_SLOT } from '@links/shared/constants';
import { groupShares, isConsecutiveRun } from '@links/shared/groups';
import type { SavedBooking } from '@links/shared/schemas/bookings';
import type { Course } from '@links/shared/schemas/courses';
import type { DiarySlot } from '@links/shared/slot-state';
import { londonTime } from '@links/shared/uk-time';
import type { BookingState } from '@/features/booking-flow/state/booking-state';

// A tour operator's group of 5 to 16 golfers (issue 24): one course and day, consecutive tee times, one booking. The
// engine decides (groups.ts shares the golfers out the same way); this page offers only the tee times from which a
// run of enough free ones starts, and then hands the held booking to steps 2 and 3 like step 1 does.
// It imports nothing of step 1's lazy chunks (slot-state, step-one-snapshot): a module shared with this page would
// become a chunk of its own, named again in `/`'s entry, whose JavaScript budget is spent.

/** Places left in a slot for this booking (its own hold's places are free to it). */
function placesLeft(slot: DiarySlot, currentBookingId: number | null): number {
  const taken = slot.bookings.reduce(
    (sum, booking) => sum + (booking.booking_id === currentBookingId ? 0 : booking.players),
    0,
  );
  return Math.max(0, PLAYERS_PER_SLOT - taken);
}

/** A course's tee times on one day, as the public diary answers them (on sale, with the places taken). */
export type DiaryDay = DiarySlot[];

/** A tee time the group can start from: its run of tee times, each with the golfers it takes. */
export type GroupStart = { slot: DiarySlot; run: Array<{ slot: DiarySlot; players: number }> };

/**
 * The tee times a group of `golfers` can start from: the slot and the ones after it in the day's list, each with
 * room for its share, none started. `currentBookingId` is the group's own hold (its places are free to it).
 */
export function groupStarts(
  slots: readonly DiarySlot[],
  golfers: number,
  now: Date,
  currentBookingId: number | null = null,
): GroupStart[] {
  const shares = groupShares(golfers);
  const ordered = [...slots].sort((a, b) => Date.parse(a.slot_date_time) - Date.parse(b.slot_date_time));
  const starts: GroupStart[] = [];
  for (let first = 0; first + shares.length <= ordered.length; first += 1) {
    const run = shares.map((players, at) => ({ slot: ordered[first + at] as DiarySlot, players }));
    const fits =
      isConsecutiveRun(run.map(({ slot }) => new Date(slot.slot_date_time))) &&
      run.every(
        ({ slot, players }) =>
          Date.parse(slot.slot_date_time) > now.getTime() && placesLeft(slot, currentBookingId) >= players,
      );
    if (fits) starts.push({ slot: run[0]?.slot as DiarySlot, run });
  }
  return starts;
}

/** '10:00 and 10:10', '10:00, 10:10 and 10:20': a start as the operator chooses it (the shares are said once). */
export function describeStart(start: GroupStart): string {
  const times = start.run.map(({ slot }) => londonTime(new Date(slot.slot_date_time)));
  const last = times.pop();
  return times.length > 0 ? `${times.join(', ')} and ${last}` : (last ?? '');
}

export type GroupRequest = {
  course: Pick<Course, 'id' | 'name' | 'course_completion_time' | 'closing_date'>;
  date: string;
  /** Player type id of each golfer, in order. */
  playerTypeIds: number[];
  firstSlotId: number;
  caddies: number;
  notes: string;
};

/** The step-1 save's body for a group: its one round names the first tee time. */
export function groupBookingBody(request: GroupRequest) {
  return {
    courses: [{ id: request.course.id, teeTime: { id: request.firstSlotId }, caddies: request.caddies }],
    golfers: request.playerTypeIds.map((playerTypeId, index) => ({ id: index + 1, playerTypeId })),
    notes: request.notes,
    caddiesOption: request.caddies > 0 ? 'some' : 'none',
  };
}

/**
 * The booking state steps 2 and 3 read, for the group the server held: its golfers at the server's prices, its
 * course with the first tee time (and every tee time of the run for the summaries), its totals and hold.
 */
export function groupBookingState(
  current: BookingState,
  request: GroupRequest,
  saved: SavedBooking,
): BookingState {
  const [first] = saved.courses;
  const shares = groupShares(saved.golfers.length);
  const state: BookingState = {
    ...current,
    golfers: saved.golfers.map(({ playerTypeId, ...priced }) => ({ ...priced, playerTypeId })),
    courses: [
      {
        ...request.course,
        playDate: request.date,
        viewMonth: request.date.slice(0, 7),
        teeTime: first ? { id: first.teeTime.id, time: first.teeTime.time, isValid: true } : null,
        caddies: request.caddies,
        caddiesTotal: 0,
        groupTeeTimes: saved.courses.map((round, at) => ({
          time: round.teeTime.time,
          players: shares[at] ?? 0,
        })),
      },
    ],
    notes: saved.notes,
    caddiesOption: request.caddies > 0 ? 'some' : 'none',
    totals: saved.totals,
    booking: {
      ...current.booking,
      submitted: false,
      id: saved.booking_id,
      date_created: saved.date_created,
      payment_intent: null,
      payment_plan: null,
      is_expired: false,
      countdown_started: false,
    },
  };
  // What step 1 would have saved (step-one-snapshot.ts's shape), so steps 2 and 3 see the group as saved.
  const golfers = state.golfers.map(({ id, playerTypeId }) => ({ id, playerTypeId }));
  return {
    ...state,
    lastSaved: { step1: { courses: state.courses, golfers, notes: state.notes }, step2: null },
  };
}
