import { COURSE_IDS } from '@links/shared/constants';
import { addDays, londonDate } from '@links/shared/uk-time';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppConfig } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { paymentIntents, paymentRefunds } from '../../db/schema/payments.ts';
import { teeSlots } from '../../db/schema/reference.ts';
import type { TestApp } from '../../test/test-app.ts';
import { login } from '../auth/test/auth-test-helpers.ts';
import {
  createBookingApp,
  GENEROUS_LIMITS,
  holdBurnsideSlot,
  type Session,
} from '../bookings/booking-test-helpers.ts';
import { seedDemoOperators } from '../operators/seed-demo-operators.ts';
import { confirmSandboxIntent } from '../payment-provider/test/sandbox-confirm.ts';
import { deliverEvent, signedEvent } from '../payment-provider/test/webhook-payload.ts';

// Test-only helpers for the tour-operator booking and payment-schedule API tests; the sandbox card payment and the
// payment record are the calls every test that pays for a booking makes.

export const FAIRWAY = {
  username: 'fairway-tours',
  password: 'Fairway-Tours-2026!',
  email: 'bookings@fairway-tours.example',
};
export const LINKS_TRAVEL = {
  username: 'links-travel',
  password: 'Links-Travel-2026!',
  email: 'desk@links-travel.example',
};

export const operatorDetails = (payment_method: string) => ({
  first_name: 'Ben',
  surname: 'Hogan',
  lead_player_country_code: 'us',
  payment_method,
  terms_and_conditions_agreed: true,
});

/** The demo operators, signed in: each a browser session like the one the web keeps after login. */
export async function signInDemoOperators(t: TestApp): Promise<{ fairway: Session; linksTravel: Session }> {
  await seedDemoOperators(t.database.db);
  const fairway = await login(t.app, FAIRWAY.username, FAIRWAY.password);
  const linksTravel = await login(t.app, LINKS_TRAVEL.username, LINKS_TRAVEL.password);
  expect(fairway.response.statusCode, fairway.response.body).toBe(200);
  expect(linksTravel.response.statusCode, linksTravel.response.body).toBe(200);
  return { fairway: fairway.after, linksTravel: linksTravel.after };
}

/** Settings with spec section 9's cancellation on, as the resort turns it on once phone payments are recorded. */
export const CANCEL_UNPAID_TERMS: Partial<AppConfig> = {
  ...GENEROUS_LIMITS,
  bookings: { ...GENEROUS_LIMITS.bookings!, cancelUnpaidTerms: true },
};

/** A seeded booking app pinned to `now` (createBookingApp), with the demo operators signed in. */
export async function operatorBookingApp(now: Date, overrides: Partial<AppConfig> = {}) {
  const t = await createBookingApp(now, overrides);
  return { t, ...(await signInDemoOperators(t)) };
}

/** The nth tee slot of a course on a UK date (any weekday). */
export async function courseSlot(
  t: TestApp,
  courseId: number,
  date: string,
  nth = 0,
): Promise<{ id: number; startsAt: Date }> {
  const from = new Date(`${addDays(date, -1)}T12:00:00Z`);
  const to = new Date(`${addDays(date, 1)}T12:00:00Z`);
  const rows = await t.database.db
    .select({ id: teeSlots.id, startsAt: teeSlots.startsAt })
    .from(teeSlots)
    .where(and(eq(teeSlots.courseId, courseId), gte(teeSlots.startsAt, from), lt(teeSlots.startsAt, to)))
    .orderBy(asc(teeSlots.startsAt));
  const slot = rows.filter((row) => londonDate(row.startsAt) === date)[nth];
  if (!slot) throw new Error(`No slot ${nth} of course ${courseId} on ${date}`);
  return slot;
}

const slotsUsed = new Map<string, number>();

/** A held booking of one adult on Burnside `daysOut` UK days after `today`, each call in a slot of its own. */
export async function holdBurnside(
  t: TestApp,
  session: Session,
  today: string,
  daysOut: number,
  golfers = 1,
) {
  const playDate = addDays(today, daysOut);
  const nth = slotsUsed.get(playDate) ?? 0;
  slotsUsed.set(playDate, nth + 1);
  const slot = await courseSlot(t, COURSE_IDS.burnside, playDate, nth);
  const data = await holdBurnsideSlot(t, session, slot.id, golfers);
  return { id: data.booking_id, number: data.booking_number, payable: data.totals.payable, slot, playDate };
}

/** A booking of `session` on pay-later terms (details saved, payment offline): confirmed, with its deadline. */
export async function bookedOnTerms(
  t: TestApp,
  session: Session,
  today: string,
  daysOut: number,
  golfers = 1,
) {
  const booking = await holdBurnside(t, session, today, daysOut, golfers);
  const answer = await saveDetails(t, session, booking.id, operatorDetails('offline'));
  expect(answer.statusCode, answer.body).toBe(200);
  const row = await bookingRow(t, booking.id);
  expect(row.status).toBe('confirmed');
  return { ...booking, dueBy: row.balanceDueAt! };
}

/**
 * A booking of `session` paid by card, the deposit or the whole price (`online`), and the payment recorded: confirmed.
 * Returns the card's intent and the booking's row after payment.
 */
export async function bookedAndPaidByCard(
  t: TestApp,
  session: Session,
  today: string,
  daysOut: number,
  method: 'deposit' | 'online',
  golfers = 1,
) {
  const booking = await holdBurnside(t, session, today, daysOut, golfers);
  const intent = await openCardPayment(t, session, booking.id, operatorDetails(method));
  expect((await payWithCard(t, session, intent)).statusCode).toBe(200);
  expect((await recordPayment(t, session, booking.id, intent.id)).statusCode).toBe(200);
  const row = await bookingRow(t, booking.id);
  expect(row.status).toBe('confirmed');
  return { ...booking, intent, row };
}

/** Step 2 saved with `body` (it must be taken): the card payment it opened. */
export async function openCardPayment(t: TestApp, session: Session, id: number, body: unknown) {
  const answer = await saveDetails(t, session, id, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.payment_intent as { id: string; client_secret: string; amount: number };
}

export function saveDetails(t: TestApp, session: Session, id: number, body: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: `/v1/bookings/${id}/details`,
    headers: session.headers,
    payload: body as object,
  });
}

export function payWithCard(
  t: Pick<TestApp, 'app'>,
  session: Session,
  intent: { id: string; client_secret: string | null },
  number = '4242 4242 4242 4242',
) {
  return confirmSandboxIntent(
    t.app,
    session.headers,
    intent,
    { number },
    { return_url: '/confirmation/pending' },
  );
}

export function recordPayment(t: Pick<TestApp, 'app'>, session: Session, id: number, intentId: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/v1/bookings/${id}/payment`,
    headers: session.headers,
    payload: { booking_id: id, payment_intent: intentId, newsletter: false },
  });
}

export async function bookingRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`No booking ${id}`);
  return row;
}

export async function mailsAbout(t: TestApp, bookingNumber: string) {
  const rows = await t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
  return rows.filter((row) => row.subject.includes(bookingNumber));
}

/**
 * The card was charged at the provider (the sandbox's own record says succeeded) but nothing told the booking
 * engine: the sandbox's report, the webhook and the browser's record call were all lost.
 */
export async function paidWithoutReport(db: DbOrTx, intentId: string): Promise<void> {
  const rows = await db
    .update(paymentIntents)
    .set({ status: 'succeeded', updatedAt: new Date() })
    .where(eq(paymentIntents.id, intentId))
    .returning({ id: paymentIntents.id });
  if (rows.length !== 1) throw new Error(`No intent ${intentId}`);
}

/** A signed payment_intent.succeeded webhook for `intentId`, delivered once (the app needs stripeWebhookSecret). */
export function deliverSucceededWebhook(t: Pick<TestApp, 'app'>, intentId: string) {
  const secret = t.app.config.stripeWebhookSecret;
  if (!secret) throw new Error('The app has no stripeWebhookSecret');
  const event = signedEvent(secret, 'payment_intent.succeeded', { id: intentId, status: 'succeeded' });
  return deliverEvent(t.app, event);
}

/** The refunds recorded for an intent. */
export function refundsOf(db: DbOrTx, intentId: string) {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentIntentId, intentId));
}

/** The e-mails about a booking, split into confirmations and refund notices. */
export async function bookingMails(t: TestApp, bookingNumber: string) {
  const mails = await mailsAbout(t, bookingNumber);
  return {
    confirmations: mails.filter((mail) => !mail.subject.includes('refunded')),
    refunds: mails.filter(
      (mail) => mail.subject === `Your payment for booking ${bookingNumber} has been refunded`,
    ),
  };
}
