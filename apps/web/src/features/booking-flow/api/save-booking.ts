import type { savedBookingResponseSchema } from '@links/shared/schemas/bookings';
import type { DataOf } from '@links/shared/schemas/envelope';
import { api, type MessageRule, NO_ANSWER } from '@/lib/api-client';
import type { BookingState, BookingTotals } from '../state/booking-state';

export const SAVE_BOOKING_FALLBACK =
  'An unexpected error occurred, please try again. If the problem persists, please contact us quoting ERR-01.';

export type SavedBooking = DataOf<typeof savedBookingResponseSchema>;

/** A 404 means the held booking is gone: the visitor sees the ERR-01 fallback, as for no answer at all. */
export const SAVE_BOOKING_RULE: MessageRule = { ignoreStatuses: [NO_ANSWER, 404] };

/**
 * The step-1 payload of spec section 7: courses, golfers, totals, notes and the booking record. The totals are the
 * quote step 1 shows (informative: the server prices the booking again).
 */
export function saveBookingPayload(state: BookingState, totals: BookingTotals) {
  return {
    courses: state.courses.map((course) => ({
      id: course.id,
      playDate: course.playDate,
      teeTime: course.teeTime,
      caddies: course.caddies,
    })),
    golfers: state.golfers.map((golfer) => ({ id: golfer.id, playerTypeId: golfer.playerTypeId })),
    totals,
    notes: state.notes,
    caddiesOption: state.caddiesOption,
    booking: { id: state.booking.id },
  };
}

/**
 * Creates the booking (POST /v1/bookings), or updates the held one (PATCH /v1/bookings/{id}) when step 1
 * changes after a save. The server re-prices and re-checks every slot; the totals sent are informative.
 */
export function saveBooking(
  state: BookingState,
  totals: BookingTotals = state.totals,
): Promise<SavedBooking> {
  const payload = saveBookingPayload(state, totals);
  return state.booking.id === null
    ? api.post<SavedBooking>('/bookings', payload)
    : api.patch<SavedBooking>(`/bookings/${state.booking.id}`, payload);
}
