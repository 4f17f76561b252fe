// @vitest-environment happy-dom
import { savedBookingResponseSchema } from '@links/shared/schemas/bookings';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { userMessage } from '@/lib/api-client';
import { TEST_SAVED_BOOKING } from '@/test/api-fixtures';
import { answer, type Received, recorded, refuse, v1 } from '@/test/api-server';
import { useApiPage } from '@/test/use-api-page';
import { initialBookingState } from '../state/booking-state';
import { SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE, saveBooking } from './save-booking';

const state = {
  ...initialBookingState,
  golfers: [{ id: 1, playerTypeId: 1 }],
  courses: [
    {
      id: 1,
      name: 'Championship Course',
      course_completion_time: 4.5,
      closing_date: null,
      playDate: '2026-07-14',
      viewMonth: '2026-07',
      teeTime: { id: 5, time: '2026-07-14T08:00:00.000Z', isValid: true },
      caddies: 1,
      caddiesTotal: 6000,
    },
  ],
  notes: 'Trolley',
  totals: { net: 26750, vat: 5350, payable: 32100, paid: 0, due: 32100 },
};

describe('saveBooking', () => {
  const server = useApiPage('t');

  it('creates with POST /v1/bookings, then updates the held booking with PATCH', async () => {
    const calls: Received[] = [];
    const saved = () => answer(savedBookingResponseSchema, { data: TEST_SAVED_BOOKING });
    server.use(
      http.post(v1('/bookings'), recorded(calls, saved)),
      http.patch(v1('/bookings/:id'), recorded(calls, saved)),
    );
    await expect(saveBooking(state)).resolves.toEqual(TEST_SAVED_BOOKING);
    expect(calls[0]?.url).toBe('/v1/bookings');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toMatchObject({
      golfers: [{ id: 1, playerTypeId: 1 }],
      courses: [{ id: 1, playDate: '2026-07-14', teeTime: { id: 5 }, caddies: 1 }],
      totals: { payable: 32100 },
      notes: 'Trolley',
    });
    await saveBooking({ ...state, booking: { ...state.booking, id: 9 } });
    expect(calls[1]?.url).toBe('/v1/bookings/9');
    expect(calls[1]?.method).toBe('PATCH');
  });

  it('shows the server message, else the ERR-01 fallback', async () => {
    server.use(
      http.post(v1('/bookings'), () =>
        refuse(409, { code: 'tee_time_unavailable', message: 'That tee time has just gone.' }),
      ),
    );
    const conflict = await saveBooking(state).catch((error: unknown) => error);
    expect(userMessage(conflict, SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE)).toBe(
      'That tee time has just gone.',
    );
    // A 404 from something other than the API (no envelope): the held booking is gone.
    server.use(http.post(v1('/bookings'), () => new HttpResponse('not json', { status: 404 })));
    const missing = await saveBooking(state).catch((error: unknown) => error);
    expect(userMessage(missing, SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE)).toBe(SAVE_BOOKING_FALLBACK);
    expect(userMessage(new TypeError('Failed to fetch'), SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE)).toBe(
      SAVE_BOOKING_FALLBACK,
    );
  });
});
