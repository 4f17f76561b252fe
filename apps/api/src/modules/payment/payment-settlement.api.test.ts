import { COURSE_IDS } from '@links/shared/constants';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.ts';
import { paymentIntents } from '../../db/schema/payments.ts';
import { NOW, TODAY } from '../../test/booking-week.ts';
import type { TestApp } from '../../test/test-app.ts';
import {
  bookingAppWithVisitor,
  bookingBody,
  holdThursday,
  patchBooking,
  type Session,
} from '../bookings/booking-test-helpers.ts';
import { CONTACT_DETAILS } from '../confirmation/confirmation-test-helpers.ts';
import {
  bookingMails,
  bookingRow,
  deliverSucceededWebhook,
  FAIRWAY,
  holdBurnside,
  openCardPayment,
  operatorDetails,
  paidWithoutReport,
  payWithCard,
  recordPayment,
  refundsOf,
  signInDemoOperators,
} from '../contact-details/operator-test-helpers.ts';
import { intentInput } from '../payment-provider/test/intent-input.ts';
import { holdExpiring, insertBooking } from '../tee-sheet/tee-sheet-test-data.ts';

// Issue 20 §2: every succeeded payment ends as exactly one of a confirmed booking for that amount or a refund, and
// the golfer is told once however many paths (the browser's record call, the webhook or the sandbox's report, the
// reconciliation job) notice it.

const { burnside } = COURSE_IDS;
const ADULT = 1;
const WEBHOOK_SECRET = 'whsec_test_settlement_0123456789abcdef';
const details = { ...CONTACT_DETAILS, lead_player_name: 'ignored for a lead player' };

let t: TestApp;
let golfer: Session;

beforeAll(async () => {
  ({ t, visitor: golfer } = await bookingAppWithVisitor(NOW, { stripeWebhookSecret: WEBHOOK_SECRET }));
});
afterAll(async () => t?.close());

async function heldBooking(time: string, golfers = 1) {
  const held = await holdThursday(t, golfer, time, golfers);
  return { id: held.booking_id, number: held.booking_number, slotId: held.slotId };
}

const openIntent = (bookingId: number, session: Session = golfer, body: object = details) =>
  openCardPayment(t, session, bookingId, body);

/** Step 1 again with a second adult: the booking's payable doubles after step 2 opened a payment. */
async function addSecondAdult(booking: { id: number; slotId: number }) {
  const repriced = await patchBooking(
    t.app,
    golfer,
    booking.id,
    bookingBody([{ id: burnside, slotId: booking.slotId }], [ADULT, ADULT]),
  );
  expect(repriced.statusCode, repriced.body).toBe(200);
}

/** A payment the booking engine did not open for the booking, as a second browser tab would start. */
const otherIntent = (bookingId: number, amount: number, idempotencyKey: string) =>
  t.app.payments.createIntent(intentInput(bookingId, amount, idempotencyKey));

/** The record call refused the payment (409) and told the golfer why, and that it was refunded. */
function expectRefused(answer: LightMyRequestResponse, error: { code: string; message: string }) {
  expect(answer.statusCode, answer.body).toBe(409);
  expect(answer.json().error).toEqual(error);
}

/** The golfer's record call for `intentId` is refused with `error`, and that payment has been refunded once. */
async function expectRecordRefused(
  bookingId: number,
  intentId: string,
  error: { code: string; message: string },
) {
  expectRefused(await recordPayment(t, golfer, bookingId, intentId), error);
  expect(await refundsOf(t.database.db, intentId)).toHaveLength(1);
}

async function settlementOf(intentId: string) {
  const [row] = await t.database.db
    .select({ status: paymentIntents.status, settlement: paymentIntents.settlement })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, intentId));
  return row;
}

describe('a re-price after step 2 opened a payment', () => {
  it('cancels the open intent at the provider at once, so it can no longer be paid', async () => {
    const booking = await heldBooking('10:00');
    const stale = await openIntent(booking.id);
    await addSecondAdult(booking);
    expect((await settlementOf(stale.id))?.status).toBe('canceled');
    expect((await bookingRow(t, booking.id)).paymentIntentId).toBeNull();
    const paid = await payWithCard(t, golfer, stale);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.code).toBe('payment_intent_unexpected_state');

    // Step 2 again opens the intent for the new amount, which confirms the booking.
    const current = await openIntent(booking.id);
    expect(current.amount).toBe(11_000);
    expect((await payWithCard(t, golfer, current)).statusCode).toBe(200);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paidPence: 11_000 });
  });

  it('refunds a stale intent paid anyway, once, and tells the golfer once, however many paths notice', async () => {
    const booking = await heldBooking('10:10');
    const stale = await openIntent(booking.id);
    await paidWithoutReport(t.database.db, stale.id);
    await addSecondAdult(booking);

    const [first, second, webhook] = await Promise.all([
      recordPayment(t, golfer, booking.id, stale.id),
      recordPayment(t, golfer, booking.id, stale.id),
      deliverSucceededWebhook(t, stale.id),
      t.app.jobs.runOnce('payment-reconciliation'),
    ]);
    for (const answer of [first, second]) {
      expectRefused(answer, {
        code: 'payment_amount_mismatch',
        message:
          'Your booking changed after this payment was started, so the payment did not match the amount due and ' +
          'could not be used. Your payment of £55.00 has been refunded in full to your card. Please check your ' +
          'booking and pay the amount now due.',
      });
    }
    expect(webhook.statusCode, webhook.body).toBe(200);
    const refunds = await refundsOf(t.database.db, stale.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 5500, status: 'succeeded' });
    expect(await settlementOf(stale.id)).toEqual({ status: 'succeeded', settlement: 'refunded' });
    const mails = await bookingMails(t, booking.number);
    expect(mails.confirmations).toHaveLength(0);
    expect(mails.refunds).toHaveLength(1);
    expect(mails.refunds[0]?.to).toBe('ada@example.com');
    expect(mails.refunds[0]?.text).toContain('We have refunded your payment of £55.00 in full');
    // The booking is still held at its new price, and the current payment confirms it.
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'held', payablePence: 11_000 });
    const current = await openIntent(booking.id);
    expect((await payWithCard(t, golfer, current)).statusCode).toBe(200);
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'confirmed',
      paymentIntentId: current.id,
    });
    expect((await bookingMails(t, booking.number)).confirmations).toHaveLength(1);
  });

  it("refunds an operator's online payment made after switching to a deposit", async () => {
    const { fairway } = await signInDemoOperators(t);
    const booking = await holdBurnside(t, fairway, TODAY, 60);
    const online = await openIntent(booking.id, fairway, operatorDetails('online'));
    await paidWithoutReport(t.database.db, online.id);
    const deposit = await openIntent(booking.id, fairway, operatorDetails('deposit'));
    expect(deposit.amount).toBe(Math.round(booking.payable / 2));

    const recorded = await recordPayment(t, fairway, booking.id, online.id);
    expect(recorded.statusCode, recorded.body).toBe(409);
    expect(recorded.json().error.code).toBe('payment_amount_mismatch');
    expect(await refundsOf(t.database.db, online.id)).toHaveLength(1);
    const mails = await bookingMails(t, booking.number);
    expect(mails.refunds.map((mail) => mail.to)).toEqual([FAIRWAY.email]);
    expect((await bookingRow(t, booking.id)).status).toBe('held');
    expect((await payWithCard(t, fairway, deposit)).statusCode).toBe(200);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paidPence: deposit.amount });
  });
});

describe('a second payment', () => {
  it('for a booking already paid is refunded; the booking stays confirmed with the first', async () => {
    const booking = await heldBooking('11:00');
    const first = await openIntent(booking.id);
    expect((await payWithCard(t, golfer, first)).statusCode).toBe(200);
    const second = await otherIntent(booking.id, 5500, `second-tab-${booking.id}`);
    // The sandbox reports it paid at once (as Stripe's webhook would): that alone refunds it.
    expect((await payWithCard(t, golfer, second)).statusCode).toBe(200);
    expect(await refundsOf(t.database.db, second.id)).toHaveLength(1);

    await expectRecordRefused(booking.id, second.id, {
      code: 'booking_confirmed',
      message:
        'This booking had already been paid for with another payment, so this payment of £55.00 has been ' +
        'refunded in full to your card.',
    });
    expect(await refundsOf(t.database.db, first.id)).toHaveLength(0);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentIntentId: first.id });
    const mails = await bookingMails(t, booking.number);
    expect(mails.confirmations).toHaveLength(1);
    expect(mails.refunds).toHaveLength(1);
  });

  it('two different payments of a lapsed hold whose places went are both refunded (a refund per payment)', async () => {
    const booking = await heldBooking('11:10', 2);
    const first = await openIntent(booking.id);
    const second = await otherIntent(booking.id, first.amount, `other-tab-${booking.id}`);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: holdExpiring.twoMinutesAgo })
      .where(eq(bookings.id, booking.id));
    await insertBooking(t.database.db, {
      status: 'confirmed',
      rounds: [{ courseId: burnside, slotId: booking.slotId, players: 3 }],
    });
    for (const intent of [first, second]) {
      expect((await payWithCard(t, golfer, intent)).statusCode).toBe(200);
      const recorded = await recordPayment(t, golfer, booking.id, intent.id);
      expect(recorded.statusCode).toBe(409);
      expect(recorded.json().error.code).toBe('places_taken_refunded');
    }
    for (const intent of [first, second]) {
      const refunds = await refundsOf(t.database.db, intent.id);
      expect(refunds.map((refund) => refund.amount)).toEqual([11_000]);
    }
    expect((await bookingRow(t, booking.id)).status).toBe('cancelled');
    expect((await bookingMails(t, booking.number)).refunds).toHaveLength(2);
  });

  it('for a booking cancelled before it was paid is refunded', async () => {
    const booking = await heldBooking('11:20');
    const intent = await openIntent(booking.id);
    await t.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: sql`now()` })
      .where(eq(bookings.id, booking.id));
    await paidWithoutReport(t.database.db, intent.id);
    await expectRecordRefused(booking.id, intent.id, {
      code: 'booking_cancelled',
      message:
        'This booking was cancelled before the payment was completed, so your payment of £55.00 has been ' +
        'refunded in full to your card.',
    });
    expect((await bookingMails(t, booking.number)).refunds).toHaveLength(1);
  });
});
