import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_API_HEADERS } from './env.ts';
import { waitForEmail } from './operator-outbox.ts';
import { type DiarySlot, inApiSession, ukDate, xsrfHeaders } from './step-one-api.ts';
import { leadGolferDetails, succeedingCard } from './visitor-booking.ts';

// A visitor's paid booking made through the API exactly as the browser makes it: GET /csrf, POST /v1/bookings (the
// hold), PATCH /details (contact details, answers the payment intent), the sandbox card confirm with 4242 and
// PATCH /payment (confirms, answers the signed confirmation link). The PIN comes from the confirmation e-mail in the
// e2e server's local outbox.

export type PaidBooking = {
  bookingId: number;
  bookingNumber: string;
  /** /confirmation/{number}?signature=...&expires=... from the payment answer. */
  signedPath: string;
  /** The signed link in the e-mail (path and query). */
  emailedPath: string;
  pin: string;
  email: string;
  slots: DiarySlot[];
};

const HOUR = 3_600_000;

async function diary(request: APIRequestContext, courseId: number, date: string): Promise<DiarySlot[]> {
  const response = await request.get(`/v1/courses/${courseId}/diary?start_date=${date}&slot_type=1`, {
    headers: E2E_API_HEADERS,
  });
  expect(response.status(), `diary of course ${courseId} on ${date}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: DiarySlot[] }).data;
}

/**
 * A random slot on the course starting between `fromHours` and `toHours` from now with room for `golfers`. Random,
 * so journeys running side by side rarely share a slot (and capacity is checked anyway).
 */
export async function findSlot(
  request: APIRequestContext,
  courseId: number,
  golfers: number,
  fromHours: number,
  toHours: number,
): Promise<DiarySlot> {
  const now = Date.now();
  const from = now + fromHours * HOUR;
  const to = now + toHours * HOUR;
  const candidates: DiarySlot[] = [];
  for (let day = ukDate(from); day <= ukDate(to); day = ukDate(Date.parse(`${day}T12:00:00Z`) + 24 * HOUR)) {
    for (const slot of await diary(request, courseId, day)) {
      const start = Date.parse(slot.slot_date_time);
      const taken = slot.bookings.reduce((sum, booking) => sum + booking.players, 0);
      if (start >= from && start <= to && taken + golfers <= 4) candidates.push(slot);
    }
    if (candidates.length >= 40) break;
  }
  expect(
    candidates.length,
    `a free slot on course ${courseId} ${fromHours}-${toHours} hours ahead`,
  ).toBeGreaterThan(0);
  return candidates[Math.floor(Math.random() * candidates.length)] as DiarySlot;
}

function unescapeHtml(text: string): string {
  return text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
}

/** The POST /v1/bookings body for `golfers` adults on these rounds (caddies 0 unless a round says otherwise). */
function bookingBody(rounds: { courseId: number; slot: DiarySlot; caddies?: number }[], golfers: number) {
  return {
    courses: rounds.map((round) => ({
      id: round.courseId,
      teeTime: { id: round.slot.id, time: round.slot.slot_date_time, isValid: true },
      caddies: round.caddies ?? 0,
    })),
    golfers: Array.from({ length: golfers }, (_, index) => ({ id: index + 1, playerTypeId: 1 })),
    notes: '',
  };
}

export type PaidBookingOptions = {
  rounds: { courseId: number; slot: DiarySlot; caddies?: number }[];
  golfers?: number;
};

/** Makes, pays and confirms a booking in its own API session; returns its signed link and e-mailed PIN. */
export async function createPaidBooking(options: PaidBookingOptions): Promise<PaidBooking> {
  return inApiSession(async (request) => {
    const headers = await xsrfHeaders(request);
    const golfers = options.golfers ?? 2;

    const created = await request.post('/v1/bookings', {
      headers,
      data: bookingBody(options.rounds, golfers),
    });
    expect(created.status(), `POST /v1/bookings: ${await created.text()}`).toBe(200);
    const booking = ((await created.json()) as { data: { booking_id: number; booking_number: string } }).data;

    const email = `golfer-${booking.booking_number}@example.com`;
    const details = await request.patch(`/v1/bookings/${booking.booking_id}/details`, {
      headers,
      data: leadGolferDetails(email),
    });
    expect(details.status(), `PATCH details: ${await details.text()}`).toBe(200);
    const intent = (
      (await details.json()) as { data: { payment_intent: { id: string; client_secret: string } } }
    ).data.payment_intent;

    const since = new Date(Date.now() - 5000);
    const paid = await request.post(`/v1/sandbox/payment_intents/${intent.id}/confirm`, {
      headers,
      data: {
        client_secret: intent.client_secret,
        card: succeedingCard(),
        return_url: `/confirmation/${booking.booking_number}`,
      },
    });
    expect(paid.status(), `sandbox confirm: ${await paid.text()}`).toBe(200);

    const recorded = await request.patch(`/v1/bookings/${booking.booking_id}/payment`, {
      headers,
      data: { booking_id: booking.booking_id, payment_intent: intent.id, newsletter: false },
    });
    expect(recorded.status(), `PATCH payment: ${await recorded.text()}`).toBe(200);
    const signedPath = ((await recorded.json()) as { data: { confirmation_url: string } }).data
      .confirmation_url;
    expect(signedPath).toMatch(/^\/confirmation\/\d+\?signature=[0-9a-f]{64}&expires=\d+$/);

    const html = await waitForEmail(email, new RegExp(booking.booking_number), since);
    const pin = /Your booking PIN is <strong[^>]*>(\d{6})<\/strong>/.exec(html)?.[1];
    expect(pin, 'the confirmation e-mail holds a six-digit PIN').toBeTruthy();
    const href = /href="([^"]*\/confirmation\/\d+\?[^"]+)"/.exec(html)?.[1];
    expect(href, 'the confirmation e-mail holds the signed link').toBeTruthy();
    const emailed = new URL(unescapeHtml(href as string));

    return {
      bookingId: booking.booking_id,
      bookingNumber: booking.booking_number,
      signedPath,
      emailedPath: `${emailed.pathname}${emailed.search}`,
      pin: pin as string,
      email,
      slots: options.rounds.map((round) => round.slot),
    };
  });
}

/**
 * A tour operator's pay-later (offline) booking: signed in through POST /v1/login, confirmed with nothing paid, so
 * its whole payable is due. Rounds must be more than 30 days away. Answers the signed confirmation path.
 */
export async function createOfflineOperatorBooking(options: {
  username: string;
  password: string;
  rounds: { courseId: number; slot: DiarySlot }[];
  golfers?: number;
}): Promise<{ bookingNumber: string; signedPath: string }> {
  return inApiSession(async (request) => {
    const login = await request.post('/v1/login', {
      headers: await xsrfHeaders(request),
      data: { username: options.username, password: options.password },
    });
    expect(login.status(), `POST /v1/login as ${options.username}: ${await login.text()}`).toBe(200);
    // The session (and with it the anti-forgery token) may be renewed on sign-in.
    await request.get('/csrf', { headers: E2E_API_HEADERS });
    const headers = await xsrfHeaders(request);
    const created = await request.post('/v1/bookings', {
      headers,
      data: bookingBody(options.rounds, options.golfers ?? 2),
    });
    expect(created.status(), `POST /v1/bookings: ${await created.text()}`).toBe(200);
    const booking = ((await created.json()) as { data: { booking_id: number; booking_number: string } }).data;
    const details = await request.patch(`/v1/bookings/${booking.booking_id}/details`, {
      headers,
      data: {
        first_name: 'Morag',
        surname: 'Fairbairn',
        lead_player_country_code: 'GB',
        payment_method: 'offline',
        terms_and_conditions_agreed: true,
      },
    });
    expect(details.status(), `PATCH details (offline): ${await details.text()}`).toBe(200);
    const signedPath = ((await details.json()) as { data: { confirmation_url: string | null } }).data
      .confirmation_url;
    expect(signedPath).toMatch(/^\/confirmation\/\d+\?signature=[0-9a-f]{64}&expires=\d+$/);
    return { bookingNumber: booking.booking_number, signedPath: signedPath as string };
  });
}
