import { addDays, londonDate, londonTime, weekdayOf } from '@links/shared/uk-time';
import { type APIRequestContext, request as apiRequest, expect } from '@playwright/test';
import { E2E_API_HEADERS, e2eBaseUrl } from './env.ts';

// Talks to the running API the way the web client does (session cookie, CSRF token, public API key), so journeys
// can read tee sheets and put other visitors' bookings into slots before the page under test loads.

export const COURSES = {
  championship: { id: 1, name: 'Championship Course' },
  burnside: { id: 2, name: 'Burnside Course' },
  buddonLinks: { id: 4, name: 'Buddon Links Course' },
} as const;

export type DiarySlot = {
  id: number;
  slot_date_time: string;
  bookings: { booking_id: number; players: number }[];
};

// UK dates and clock times as the app's own rules count them (the shared uk-time), so a journey's day is the API's.
export { addDays, weekdayOf } from '@links/shared/uk-time';

/** The UK date (yyyy-MM-dd) of an instant. */
export const ukDate = (instant: Date | number): string => londonDate(new Date(instant));

/** The UK wall-clock time (HH:mm) of an instant. */
export const ukTime = (instant: Date | number | string): string => londonTime(new Date(instant));

/**
 * The `index`-th Monday-to-Friday date at least `minDaysAhead` days after today (UK), so each journey books on its
 * own day and parallel journeys never meet in one slot. Dates come from the real clock, as the server's do.
 */
export function weekdayAhead(minDaysAhead: number, index = 0): string {
  let date = addDays(ukDate(Date.now()), minDaysAhead);
  let found = -1;
  for (;;) {
    const weekday = weekdayOf(date);
    if (weekday >= 1 && weekday <= 5) found += 1;
    if (found === index) return date;
    date = addDays(date, 1);
  }
}

export async function getDiary(request: APIRequestContext, courseId: number, date: string) {
  const response = await request.get(`/v1/courses/${courseId}/diary?start_date=${date}`, {
    headers: E2E_API_HEADERS,
  });
  expect(response.status(), `diary ${courseId} ${date}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: DiarySlot[] }).data;
}

/** The slot starting at HH:mm (UK) on that day, failing the test if the tee sheet has none. */
export async function slotAt(request: APIRequestContext, courseId: number, date: string, time: string) {
  const slots = await getDiary(request, courseId, date);
  const slot = slots.find((candidate) => ukTime(candidate.slot_date_time) === time);
  expect(
    slot,
    `course ${courseId} has a ${time} slot on ${date} (has ${slots.map((s) => ukTime(s.slot_date_time))})`,
  ).toBeDefined();
  return slot as DiarySlot;
}

/**
 * Another visitor holds `golfers` places in each slot: a real POST /v1/bookings through CSRF, exactly like the
 * browser's Continue, from a request context of its own, so each seeded booking is a visitor (a session) of its own:
 * neither the page's session nor, with a second hold, a session the fair-hold check would ask to prove itself.
 */
export async function seedBooking(
  rounds: { courseId: number; slotId: number }[],
  golfers: number,
): Promise<number> {
  return inApiSession(async (request) => {
    const response = await request.post('/v1/bookings', {
      headers: await xsrfHeaders(request),
      data: {
        courses: rounds.map((round) => ({
          id: round.courseId,
          teeTime: { id: round.slotId, time: 'chosen', isValid: true },
          caddies: 0,
        })),
        golfers: Array.from({ length: golfers }, (_, index) => ({ id: index + 1, playerTypeId: 1 })),
        notes: '',
      },
    });
    expect(response.status(), `seeding a booking: ${await response.text()}`).toBe(200);
    return ((await response.json()) as { data: { booking_id: number } }).data.booking_id;
  });
}

/**
 * Runs `calls` in an API session of its own, opened as the web client opens one (GET /csrf first), and closes it
 * after: a visitor of its own, neither the page's session nor another seeded one.
 */
export async function inApiSession<T>(calls: (request: APIRequestContext) => Promise<T>): Promise<T> {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it)');
  const request = await apiRequest.newContext({ baseURL: e2eBaseUrl(port) });
  try {
    expect((await request.get('/csrf', { headers: E2E_API_HEADERS })).status()).toBe(200);
    return await calls(request);
  } finally {
    await request.dispose();
  }
}

/** What a state-changing call of the session sends: the public API key and its XSRF-TOKEN cookie echoed. */
export async function xsrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const token = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(token, 'the session has an XSRF-TOKEN cookie').toBeTruthy();
  return { ...E2E_API_HEADERS, 'X-XSRF-TOKEN': token as string };
}
