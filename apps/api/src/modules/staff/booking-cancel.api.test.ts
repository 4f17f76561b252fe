import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, mailOutbox, staffAuditLog, staffRefunds } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testDbKind } from '../../test/test-database.ts';
import type { Browser } from '../auth/test/auth-test-helpers.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import type { MadeBooking } from '../confirmation/confirmation-test-helpers.ts';
import { refundsOf } from '../contact-details/operator-test-helpers.ts';
import {
  sendFrom,
  staffBrowser,
  staffRaceOnTwoInstances,
  visitorBooking,
} from './test/staff-test-helpers.ts';

// Issue 22: staff cancel a confirmed booking with a full or partial refund through the payment provider. Its places
// return to the public at once, the refund is made exactly once (also when the provider is down and the
// reconciliation job finishes it, and when two staff cancel at once), the golfer gets an e-mail with the calendar
// events cancelled, and the audit log and the booking's timeline say who did it and why.

const { burnside } = COURSE_IDS;

let t: TestApp;
let desk: Browser;
let now = NOW;
let nth = 0;

beforeAll(async () => {
  t = await createBookingApp(NOW);
  t.clock.pin(() => now);
  desk = await staffBrowser(t, { username: 'res.desk', role: 'reservations' });
});
afterAll(async () => t?.close());

/** A visitor's card booking, one round on the Burnside a week on, each at its own tee time. */
async function booking(): Promise<MadeBooking> {
  const time = ['10:00', '10:10', '10:20', '10:30', '10:40', '10:50', '11:00', '11:10'][nth]!;
  nth += 1;
  return visitorBooking(t, [{ courseId: burnside, date: '2026-03-27', time }], [1, 1]);
}

const cancel = (number: string, body: object) =>
  sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${number}/cancel`, body);
const row = async (id: number) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refunds = (intentId: string) => refundsOf(t.database.db, intentId);

describe('POST /v1/staff/bookings/:number/cancel', () => {
  it('cancels with a partial refund made once, frees the places and tells the golfer with the calendar cancelled', async () => {
    const made = await booking();
    const before = await row(made.bookingId);
    const paid = before.paidPence!;
    const tooMuch = await cancel(made.bookingNumber, { reason: 'Golfer ill', refund: paid + 1 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe('That is more than was paid by card on this booking.');
    expect((await row(made.bookingId)).status).toBe('confirmed');

    const answer = await cancel(made.bookingNumber, { reason: '  Golfer ill  ', refund: 5_000 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      booking_number: made.bookingNumber,
      refund: { amount: 5_000, status: 'succeeded' },
    });
    const after = await row(made.bookingId);
    expect(after).toMatchObject({ status: 'cancelled', cancelledReason: 'staff' });
    expect(after.calendarSequence).toBe(before.calendarSequence + 1);
    expect((await refunds(before.paymentIntentId!)).map((refund) => refund.amount)).toEqual([5_000]);

    // The places are back on the public tee sheet.
    const sheet = await sendFrom(
      t.app,
      desk,
      'GET',
      `/v1/staff/tee-sheet?course_id=${burnside}&date=2026-03-27`,
    );
    const numbers = sheet
      .json()
      .data.slots.flatMap((slot: { bookings: { booking_number: string }[] }) =>
        slot.bookings.map((entry) => entry.booking_number),
      );
    expect(numbers).not.toContain(made.bookingNumber);

    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.bookingId, made.bookingId));
    const cancelled = mails.find(
      (mail) => mail.subject === `Booking ${made.bookingNumber} has been cancelled`,
    );
    expect(cancelled?.text).toContain('We are refunding £50.00 to the card you paid with.');
    const ics = Buffer.from(cancelled!.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`SEQUENCE:${before.calendarSequence + 1}`);

    const [audit] = (await t.database.db.select().from(staffAuditLog)).filter(
      (entry) => entry.action === 'booking.cancelled',
    );
    expect(audit).toMatchObject({
      targetId: made.bookingNumber,
      before: { status: 'confirmed' },
      after: { status: 'cancelled', reason: 'Golfer ill', refund: 5_000 },
    });
    const page = (await sendFrom(t.app, desk, 'GET', `/v1/staff/bookings/${made.bookingNumber}`)).json().data;
    expect(page.state).toBe('cancelled');
    expect(page.refundable).toBe(0);
    expect(page.refunds).toEqual([expect.objectContaining({ amount: 5_000, status: 'succeeded' })]);
    // The statement the golfer and staff see: the card payment, then the refund.
    expect(
      page.confirmation.statement.map((line: { description: string; amount: number; pending: boolean }) => [
        line.description,
        line.amount,
        line.pending,
      ]),
    ).toEqual([
      ['Card payment', paid, false],
      ['Refund to the card', -5_000, false],
    ]);
    // (Rows stamped by the database clock and this test's pinned app clock do not sort together: found by its words.)
    expect(page.timeline.find((event: { by: string }) => event.by === 'staff')).toMatchObject({
      by: 'staff',
      who: 'Morag Starter',
      what: 'Booking cancelled: Golfer ill (£50.00 refunded to the card)',
    });

    const again = await cancel(made.bookingNumber, { reason: 'again', refund: 0 });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Only a confirmed booking can be cancelled here.');
  });

  it('with the provider down, cancels now and the reconciliation job makes the refund later, once', async () => {
    const made = await booking();
    const intentId = (await row(made.bookingId)).paymentIntentId!;
    const provider = t.app.payments;
    const realRefund = provider.refund.bind(provider);
    provider.refund = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'payment_provider_unavailable' });
    };
    try {
      const answer = await cancel(made.bookingNumber, { reason: 'Course closed', refund: 2_000 });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.refund).toEqual({ amount: 2_000, status: 'pending' });
      expect((await row(made.bookingId)).status).toBe('cancelled');
      expect(await refunds(intentId)).toEqual([]);
      const waiting = (await sendFrom(t.app, desk, 'GET', `/v1/staff/bookings/${made.bookingNumber}`)).json()
        .data;
      expect(waiting.confirmation.statement.at(-1)).toMatchObject({ amount: -2_000, pending: true });
      // Still down at the next pass a minute later: still pending, one more attempt counted.
      now = new Date(NOW.getTime() + 61_000);
      expect(await t.app.jobs.runOnce('payment-reconciliation')).toMatchObject({ staffRefundsWaiting: 1 });
    } finally {
      provider.refund = realRefund;
    }
    now = new Date(NOW.getTime() + 10 * 60_000);
    expect(await t.app.jobs.runOnce('payment-reconciliation')).toMatchObject({ staffRefundsMade: 1 });
    expect(await t.app.jobs.runOnce('payment-reconciliation')).toMatchObject({
      staffRefundsMade: 0,
      staffRefundsWaiting: 0,
    });
    expect((await refunds(intentId)).map((refund) => refund.amount)).toEqual([2_000]);
    const [pending] = await t.database.db
      .select()
      .from(staffRefunds)
      .where(eq(staffRefunds.bookingId, made.bookingId));
    expect(pending).toMatchObject({ status: 'succeeded', attempts: 2 });
    now = NOW;
  });

  it('when the process stops after the commit, before the provider answers, the job makes the refund once', async () => {
    const made = await booking();
    const intentId = (await row(made.bookingId)).paymentIntentId!;
    const provider = t.app.payments;
    const realRefund = provider.refund.bind(provider);
    // The provider call never comes back, as if the process died while it was under way.
    let gone: (error: Error) => void = () => {};
    provider.refund = () =>
      new Promise((_, reject) => {
        gone = reject;
      });
    const answer = cancel(made.bookingNumber, { reason: 'Frost', refund: 1_500 });
    try {
      await expect.poll(async () => (await row(made.bookingId)).status).toBe('cancelled');
      const [pending] = await t.database.db
        .select()
        .from(staffRefunds)
        .where(eq(staffRefunds.bookingId, made.bookingId));
      expect(pending).toMatchObject({ status: 'pending', attempts: 0 });
      // Within the request's lease the job leaves it to the request; after it, the job sends it.
      now = new Date(NOW.getTime() + 60_000);
      provider.refund = realRefund;
      expect(await t.app.jobs.runOnce('payment-reconciliation')).toMatchObject({ staffRefundsMade: 0 });
      now = new Date(NOW.getTime() + 6 * 60_000);
      expect(await t.app.jobs.runOnce('payment-reconciliation')).toMatchObject({ staffRefundsMade: 1 });
      expect((await refunds(intentId)).map((refund) => refund.amount)).toEqual([1_500]);
    } finally {
      provider.refund = realRefund;
      gone(new Error('the process is gone'));
      await answer;
      now = NOW;
    }
    expect(await t.app.jobs.runOnce('payment-reconciliation')).toMatchObject({ staffRefundsMade: 0 });
    expect((await refunds(intentId)).map((refund) => refund.amount)).toEqual([1_500]);
  });

  it('refunds once when two staff cancel at the same moment, and cancels without a refund when asked', async () => {
    const made = await booking();
    const answers = await Promise.all([
      cancel(made.bookingNumber, { reason: 'A', refund: 1_000 }),
      cancel(made.bookingNumber, { reason: 'B', refund: 1_000 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(await refunds((await row(made.bookingId)).paymentIntentId!)).toHaveLength(1);

    const kept = await booking();
    const none = await cancel(kept.bookingNumber, { reason: 'Inside 48 hours', refund: 0 });
    expect(none.json().data).toEqual({ booking_number: kept.bookingNumber, refund: null });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.bookingId, kept.bookingId));
    expect(mails.find((mail) => mail.subject.endsWith('has been cancelled'))?.text).toContain(
      'No refund is due on this booking.',
    );
  });

  it('refuses malformed input and an unknown booking', async () => {
    const made = await booking();
    for (const body of [
      { reason: '', refund: 0 },
      { reason: 'x', refund: -1 },
      { reason: 'x', refund: 1.5 },
      { reason: 'x'.repeat(201), refund: 0 },
      { refund: 0 },
    ]) {
      expect((await cancel(made.bookingNumber, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await cancel('123456789', { reason: 'x', refund: 0 })).statusCode).toBe(404);
    expect((await row(made.bookingId)).status).toBe('confirmed');
  });
});

// Two instances on one database need PostgreSQL (PGlite is one process).
if (testDbKind() === 'postgres') {
  describe('two staff cancelling at once on two instances (PostgreSQL)', () => {
    const race = staffRaceOnTwoInstances('links_cancel', NOW);

    it('cancels once and refunds once', async () => {
      const { db } = race;
      const made = await race.booking([{ courseId: burnside, date: '2026-03-27', time: '14:00' }], [1, 1]);
      const desks = await race.deskOnBoth('race.cancel');
      const answers = await Promise.all(race.cancelFromBoth(made.bookingNumber, 1_000, desks));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      const [cancelled] = await db.select().from(bookings).where(eq(bookings.id, made.bookingId));
      expect(cancelled!.status).toBe('cancelled');
      const pending = await db.select().from(staffRefunds).where(eq(staffRefunds.bookingId, made.bookingId));
      expect(pending.map((row) => [row.amountPence, row.status])).toEqual([[1_000, 'succeeded']]);
      const atProvider = await refundsOf(db, cancelled!.paymentIntentId!);
      expect(atProvider.map((row) => row.amount)).toEqual([1_000]);
    });
  });
}
