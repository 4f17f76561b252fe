import { type BookingState, initialBookingState } from './booking-state';

// The booking survives a reload in the same tab (spec section 3) and nothing longer: sessionStorage is per tab
// and cleared with it. A stored value from another version of the site, or one edited by hand, is dropped.

export const BOOKING_STORAGE_KEY = 'links.booking';
const STORAGE_VERSION = 1;

type Stored = { version: number; state: BookingState };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function looksLikeBookingState(value: unknown): value is BookingState {
  if (!isObject(value)) return false;
  const { golfers, courses, notes, caddiesOption, syncedDateMode, totals, booking, lastSaved } = value;
  return (
    Array.isArray(golfers) &&
    golfers.every(
      (golfer) => isObject(golfer) && Number.isInteger(golfer.id) && Number.isInteger(golfer.playerTypeId),
    ) &&
    Array.isArray(courses) &&
    courses.every(
      (course) =>
        isObject(course) &&
        Number.isInteger(course.id) &&
        typeof course.name === 'string' &&
        typeof course.playDate === 'string' &&
        typeof course.viewMonth === 'string' &&
        typeof course.course_completion_time === 'number' &&
        Number.isInteger(course.caddies) &&
        (course.teeTime === null || (isObject(course.teeTime) && Number.isInteger(course.teeTime.id))),
    ) &&
    typeof notes === 'string' &&
    (caddiesOption === 'all' || caddiesOption === 'some' || caddiesOption === 'none') &&
    typeof syncedDateMode === 'boolean' &&
    isObject(totals) &&
    isObject(booking) &&
    isObject(lastSaved)
  );
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off (privacy settings); the booking then simply lives in memory.
    return null;
  }
}

export function loadBookingState(): BookingState {
  const raw = storage()?.getItem(BOOKING_STORAGE_KEY);
  if (!raw) return initialBookingState;
  try {
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (stored.version !== STORAGE_VERSION || !looksLikeBookingState(stored.state))
      return initialBookingState;
    const playerDetails = isObject(stored.state.playerDetails) ? stored.state.playerDetails : {};
    return {
      ...initialBookingState,
      ...stored.state,
      playerDetails: { ...initialBookingState.playerDetails, ...playerDetails },
    };
  } catch {
    return initialBookingState;
  }
}

export function saveBookingState(state: BookingState): void {
  const store = storage();
  if (!store) return;
  try {
    if (state === initialBookingState) store.removeItem(BOOKING_STORAGE_KEY);
    else
      store.setItem(
        BOOKING_STORAGE_KEY,
        JSON.stringify({ version: STORAGE_VERSION, state } satisfies Stored),
      );
  } catch {
    // Quota exceeded or storage revoked mid-visit: keep going in memory.
  }
}
