import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedPayments, staffAuditLog } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { Browser } from '../auth/test/auth-test-helpers.ts';
import { createBookingApp, GENEROUS_LIMITS, type Session } from '../bookings/booking-test-helpers.ts';
import {
  bookingRow,
  holdBurnside,
  operatorDetails,
  saveDetails,
  signInDemoOperators,
} from '../contact-details/operator-test-helpers.ts';
import {
  CANCEL_GRACE_AFTER_REMINDER_MS,
  runPaymentSchedule,
} from '../payment-schedule/run-payment-schedule.ts';
import { sendFrom, staffBrowser, visitorBooking } from './test/staff-test-helpers.ts';

// Issue 22 (and 24's first point): money taken by phone, at the desk or by bank transfer is recorded by staff, and a
// booking on terms can be given a later due date; the payment-schedule job, with cancellation switched on, then
// neither reminds nor cancels the booking that was paid, or whose deadline moved. Both are audited.

const TODAY = '2026-03-20';
const DAY = 86_400_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

let t: TestApp;
let fairway: Session;
let desk: Browser;

beforeAll(async () => {
  t = await createBookingApp(NOW, {
    ...GENEROUS_LIMITS,
    bookings: { ...GENEROUS_LIMITS.bookings!, cancelUnpaidTerms: true },
  });
  ({ fairway } = await signInDemoOperators(t));
  desk = await staffBrowser(t, { username: 'res.desk', role: 'reservations' });
});
afterAll(async () => t?.close());

async function payLater(daysOut: number) {
  const booking = await holdBurnside(t, fairway, TODAY, daysOut);
  const answer = await saveDetails(t, fairway, booking.id, operatorDetails('offline'));
  expect(answer.statusCode, answer.body).toBe(200);
  const row = await bookingRow(t, booking.id);
  expect(row.status).toBe('confirmed');
  return { ...booking, dueBy: row.balanceDueAt! };
}

/**
 * A reminder pass an hour before `booking`'s deadline, then a pass a day past it and the reminder's grace: an unpaid
 * twin booked `daysOut` on the same deadline is reminded and cancelled; `booking` is neither, and stays confirmed.
 */
async function expectOnlyTheUnpaidTwinCancelled(booking: { id: number; dueBy: Date }, daysOut: number) {
  const twin = await payLater(daysOut);
  expect(twin.dueBy).toEqual(booking.dueBy);
  const reminding = await runPaymentSchedule(t.app, at(booking.dueBy, -3_600_000));
  expect(reminding.reminded).toContain(twin.id);
  expect(reminding.reminded).not.toContain(booking.id);
  const run = await runPaymentSchedule(t.app, at(booking.dueBy, DAY + CANCEL_GRACE_AFTER_REMINDER_MS));
  expect(run.cancelled).toContain(twin.id);
  expect(run.cancelled).not.toContain(booking.id);
  expect((await bookingRow(t, booking.id)).status).toBe('confirmed');
}

const pay = (number: string, body: object) =>
  sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${number}/payments`, body);
const moveDue = (number: string, body: object) =>
  sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${number}/due-date`, body);
const auditOf = async (number: string) =>
  t.database.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, 'booking'), eq(staffAuditLog.targetId, number)))
    .orderBy(staffAuditLog.id);

describe('recording a payment taken by phone', () => {
  it('raises what is paid, never past what is due, and a paid booking is neither reminded nor cancelled', async () => {
    const booking = await payLater(61);
    const tooMuch = await pay(booking.number, {
      amount: booking.payable + 1,
      method: 'phone',
      reference: 'PDQ 1',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe('That is more than is due on this booking.');

    const part = await pay(booking.number, { amount: 1_000, method: 'phone', reference: '  PDQ 0042  ' });
    expect(part.statusCode).toBe(200);
    expect(part.json().data).toEqual({
      booking_number: booking.number,
      paid: 1_000,
      payable: booking.payable,
      balance_due_at: booking.dueBy.toISOString(),
    });
    const rest = await pay(booking.number, {
      amount: booking.payable - 1_000,
      method: 'bank_transfer',
      reference: 'BACS 77',
    });
    expect(rest.json().data.paid).toBe(booking.payable);
    const nothing = await pay(booking.number, { amount: 1, method: 'desk', reference: 'x' });
    expect(nothing.json().error.message).toBe('Nothing is due on this booking.');

    // A reminder pass before the deadline, then a pass past it and the reminder's grace: the unpaid twin booked
    // alongside is cancelled, the paid booking is left alone.
    await expectOnlyTheUnpaidTwinCancelled(booking, 61);

    const rows = await t.database.db
      .select()
      .from(recordedPayments)
      .where(eq(recordedPayments.bookingId, booking.id));
    expect(rows.map((row) => [row.amountPence, row.method, row.reference])).toEqual([
      [1_000, 'phone', 'PDQ 0042'],
      [booking.payable - 1_000, 'bank_transfer', 'BACS 77'],
    ]);
    // The operator's statement on the booking page lists both, as the resort recorded them.
    const statement = (await sendFrom(t.app, desk, 'GET', `/v1/staff/bookings/${booking.number}`)).json().data
      .confirmation.statement;
    expect(
      statement.map((line: { description: string; amount: number }) => [line.description, line.amount]),
    ).toEqual([
      ['Payment by phone', 1_000],
      ['Payment by bank transfer', booking.payable - 1_000],
    ]);
    const audit = await auditOf(booking.number);
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      [
        'booking.payment_recorded',
        { paid: 0, payable: booking.payable },
        { paid: 1_000, payable: booking.payable, amount: 1_000, method: 'phone', reference: 'PDQ 0042' },
      ],
      [
        'booking.payment_recorded',
        { paid: 1_000, payable: booking.payable },
        {
          paid: booking.payable,
          payable: booking.payable,
          amount: booking.payable - 1_000,
          method: 'bank_transfer',
          reference: 'BACS 77',
        },
      ],
    ]);
    const page = await sendFrom(t.app, desk, 'GET', `/v1/staff/bookings/${booking.number}`);
    expect(page.json().data.recorded_payments).toEqual([
      { amount: 1_000, method: 'phone', reference: 'PDQ 0042', by: 'Morag Starter', at: NOW.toISOString() },
      expect.objectContaining({ method: 'bank_transfer', reference: 'BACS 77' }),
    ]);
    expect(page.json().data.timeline.map((event: { what: string }) => event.what)).toContain(
      'Payment of £10.00 taken by phone recorded (PDQ 0042)',
    );
  });

  it('takes the due amount once when two staff record it at the same moment', async () => {
    const booking = await payLater(62);
    const answers = await Promise.all([
      pay(booking.number, { amount: booking.payable, method: 'phone', reference: 'A' }),
      pay(booking.number, { amount: booking.payable, method: 'desk', reference: 'B' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect((await bookingRow(t, booking.id)).paidPence).toBe(booking.payable);
  });

  it('refuses a booking that is not confirmed, malformed input and an unknown number', async () => {
    const held = await holdBurnside(t, fairway, TODAY, 63);
    const refused = await pay(held.number, { amount: 100, method: 'phone', reference: 'x' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'Only a confirmed booking can take a payment or a new due date.',
    );
    for (const body of [
      { amount: 0, method: 'phone', reference: 'x' },
      { amount: 10.5, method: 'phone', reference: 'x' },
      { amount: 100, method: 'cheque', reference: 'x' },
      { amount: 100, method: 'phone', reference: '   ' },
      { amount: 100, method: 'phone', reference: 'x'.repeat(101) },
    ]) {
      expect((await pay(held.number, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await pay('123456789', { amount: 100, method: 'phone', reference: 'x' })).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(recordedPayments).where(eq(recordedPayments.bookingId, held.id)),
    ).toEqual([]);
  });
});

describe('a later due date', () => {
  it('moves the deadline, starts the reminders again, and the job does not cancel at the old one', async () => {
    const booking = await payLater(64);
    const playDate = booking.playDate;
    const late = await moveDue(booking.number, { due_date: playDate });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.message).toBe('The new due date must be before the first round.');
    expect((await moveDue(booking.number, { due_date: '2026-03-19' })).json().error.message).toBe(
      'The new due date must be today or later.',
    );
    expect((await moveDue(booking.number, { due_date: '2026-02-30' })).statusCode).toBe(400);

    const moved = await moveDue(booking.number, { due_date: '2026-05-20' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.balance_due_at).toBe('2026-05-20T22:59:59.999Z');
    const row = await bookingRow(t, booking.id);
    expect(row.balanceDueAt!.toISOString()).toBe('2026-05-20T22:59:59.999Z');
    expect(row.paymentReminderSentAt).toBeNull();

    // A reminder pass before the old deadline, then a day past it with the grace: the twin on the old deadline is
    // cancelled, the moved booking is not (nor reminded: its new deadline is weeks away).
    await expectOnlyTheUnpaidTwinCancelled(booking, 64);
    const [audit] = await auditOf(booking.number);
    expect(audit).toMatchObject({
      action: 'booking.due_date_changed',
      before: { balance_due_at: booking.dueBy.toISOString() },
      after: { balance_due_at: '2026-05-20T22:59:59.999Z' },
    });
  });

  it('is only for bookings on terms', async () => {
    const card = await visitorBooking(t, [{ courseId: 2, date: '2026-04-20', time: '11:00' }], [1]);
    const answer = await moveDue(card.bookingNumber, { due_date: '2026-04-01' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toBe('Only a booking on deposit or pay-later terms has a due date.');
  });
});
