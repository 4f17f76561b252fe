import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { apiHeaders, type TestApp, withCsrf } from '../../test/test-app.ts';
import { bookingBody, postBooking, type Session } from '../bookings/booking-test-helpers.ts';
import { payWithCard, recordPayment } from '../contact-details/operator-test-helpers.ts';
import { slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import { bookingPinHash } from './booking-pin.ts';

// Test-only: confirmed bookings made through the real calls (step 1 save, step 2 details, sandbox card payment,
// payment record), as a golfer makes them.

export const CONTACT_DETAILS = {
  player_type: 'lead_player',
  lead_player_name: '',
  lead_player_country_code: 'GB',
  title: 'Dr',
  first_name: 'Ada',
  surname: 'Lovelace',
  email_address: 'ada@example.com',
  telephone_country_code: 'GB',
  telephone_number: '07400 123456',
  address_line_1: '1 Links Road',
  city: 'Carnoustie',
  county: 'Angus',
  postcode: 'DD7 7JE',
  country: 'GB',
  stay_connected: false,
};

export type RoundChoice = { courseId: number; date: string; time: string; caddies?: number };

export type MadeBooking = {
  bookingId: number;
  bookingNumber: string;
  confirmationUrl: string;
};

/** A held booking from step 1, as the given session. */
export async function holdBooking(
  app: FastifyInstance,
  db: DbOrTx,
  session: Session,
  rounds: RoundChoice[],
  playerTypeIds: number[],
) {
  const courses = await Promise.all(
    rounds.map(async (round) => ({
      id: round.courseId,
      slotId: await slotIdAt(db, round.courseId, round.date, round.time),
      caddies: round.caddies ?? 0,
    })),
  );
  const response = await postBooking(app, session, bookingBody(courses, playerTypeIds));
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as { booking_id: number; booking_number: string };
  return { bookingId: data.booking_id, bookingNumber: data.booking_number };
}

/** Step 1 and step 2: a held booking made by `session`, its payment intent open. */
export async function bookingAwaitingPayment(
  app: FastifyInstance,
  db: DbOrTx,
  session: Session,
  rounds: RoundChoice[],
  playerTypeIds: number[],
  details: Record<string, unknown> = CONTACT_DETAILS,
) {
  const { bookingId, bookingNumber } = await holdBooking(app, db, session, rounds, playerTypeIds);
  const saved = await app.inject({
    method: 'PATCH',
    url: `/v1/bookings/${bookingId}/details`,
    headers: session.headers,
    payload: details,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const intent = saved.json().data.payment_intent as { id: string; client_secret: string };
  return { bookingId, bookingNumber, intent };
}

/** Step 1, step 2 and a 4242 card payment, recorded: a confirmed booking made by `session`. */
export async function confirmedBooking(
  ...request: Parameters<typeof bookingAwaitingPayment>
): Promise<MadeBooking> {
  const [app, , session] = request;
  const { bookingId, bookingNumber, intent } = await bookingAwaitingPayment(...request);
  const paid = await payWithCard({ app }, session, intent);
  expect(paid.statusCode, paid.body).toBe(200);
  const recorded = await recordPayment({ app }, session, bookingId, intent.id);
  expect(recorded.statusCode, recorded.body).toBe(200);
  return { bookingId, bookingNumber, confirmationUrl: recorded.json().data.confirmation_url as string };
}

/** A confirmed booking made by a new visitor's browser session: the booking and that session. */
export async function confirmedByVisitor(
  t: Pick<TestApp, 'app' | 'database'>,
  rounds: RoundChoice[],
  playerTypeIds: number[] = [1],
) {
  const session = await withCsrf(t.app);
  return { ...(await confirmedBooking(t.app, t.database.db, session, rounds, playerTypeIds)), session };
}

/** Replaces the booking's PIN with a known one (the real one is only in the e-mail). */
export async function setPin(db: DbOrTx, secret: string, bookingId: number, pin: string): Promise<void> {
  await db
    .update(bookings)
    .set({ pinHash: bookingPinHash(secret, bookingId, pin) })
    .where(eq(bookings.id, bookingId));
}

/** Headers of a browser with no session at all (a fresh browser opening the e-mailed link). */
export const freshBrowser = () => apiHeaders();
