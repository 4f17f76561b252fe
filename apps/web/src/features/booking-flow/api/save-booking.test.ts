// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userMessage } from '../../../lib/api-client';
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
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates with POST /v1/bookings, then updates the held booking with PATCH', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ data: { booking_id: 9, date_created: '2026-07-10T10:00:00Z' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(saveBooking(state)).resolves.toEqual({
      booking_id: 9,
      date_created: '2026-07-10T10:00:00Z',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/bookings');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toMatchObject({
      golfers: [{ id: 1, playerTypeId: 1 }],
      courses: [{ id: 1, playDate: '2026-07-14', teeTime: { id: 5 }, caddies: 1 }],
      totals: { payable: 32100 },
      notes: 'Trolley',
    });
    await saveBooking({ ...state, booking: { ...state.booking, id: 9 } });
    const [patchUrl, patchInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(patchUrl).toBe('/v1/bookings/9');
    expect(patchInit.method).toBe('PATCH');
  });

  it('shows the server message, else the ERR-01 fallback', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { code: 'slot_taken', message: 'That tee time has just gone.' } },
          { status: 409 },
        ),
      ),
    );
    const conflict = await saveBooking(state).catch((error: unknown) => error);
    expect(userMessage(conflict, SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE)).toBe(
      'That tee time has just gone.',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not json', { status: 404 })),
    );
    const missing = await saveBooking(state).catch((error: unknown) => error);
    expect(userMessage(missing, SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE)).toBe(SAVE_BOOKING_FALLBACK);
    expect(userMessage(new TypeError('Failed to fetch'), SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE)).toBe(
      SAVE_BOOKING_FALLBACK,
    );
  });
});
