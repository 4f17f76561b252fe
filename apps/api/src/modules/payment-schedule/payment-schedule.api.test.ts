import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.ts';
import { at, DAY, HOUR, NOW, TODAY } from '../../test/booking-week.ts';
import { apiHeaders, type TestApp, withCsrf } from '../../test/test-app.ts';
import { bookingBody, postBooking, type Session } from '../bookings/booking-test-helpers.ts';
import {
  bookedAndPaidByCard,
  bookedOnTerms,
  bookingRow,
  CANCEL_UNPAID_TERMS,
  FAIRWAY,
  mailsAbout,
  operatorBookingApp,
} from '../contact-details/operator-test-helpers.ts';
import { CANCEL_GRACE_AFTER_REMINDER_MS, runPaymentSchedule } from './run-payment-schedule.ts';

let t: TestApp;
let fairway: Session;

beforeAll(async () => {
  ({ t, fairway } = await operatorBookingApp(NOW, CANCEL_UNPAID_TERMS));
});
afterAll(async () => t?.close());

const payLater = (daysOut: number) => bookedOnTerms(t, fairway, TODAY, daysOut);
async function paidDeposit(daysOut: number) {
  const { row, ...booking } = await bookedAndPaidByCard(t, fairway, TODAY, daysOut, 'deposit');
  return { ...booking, dueBy: row.balanceDueAt!, paid: row.paidPence! };
}

async function playersInDiary(courseId: number, date: string, slotId: number): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/courses/${courseId}/diary?start_date=${date}&slot_type=1`,
    headers: apiHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const slots = response.json().data as Array<{ id: number; bookings: Array<{ players: number }> }>;
  const slot = slots.find((candidate) => candidate.id === slotId);
  if (!slot) throw new Error(`slot ${slotId} not in the diary`);
  return slot.bookings.reduce((sum, booking) => sum + booking.players, 0);
}

const subjects = async (bookingNumber: string) =>
  (await mailsAbout(t, bookingNumber)).map((mail) => mail.subject);

describe('payment-schedule job', () => {
  it('reminds 14 and 3 days before the deadline, then cancels the unpaid booking and releases its places', async () => {
    const booking = await payLater(60);
    // 60 days out, booked 20 March: pay later is due within 30 days but before 42 days ahead of play.
    expect(booking.dueBy.toISOString()).toBe('2026-04-07T22:59:59.999Z');
    const confirmationOnly = [`Your booking ${booking.number} is confirmed`];
    expect(await subjects(booking.number)).toEqual(confirmationOnly);
    expect(t.config.bookings.paymentReminderDays).toEqual([14, 3]);

    // Too early: more than 14 days before the deadline.
    const early = await runPaymentSchedule(t.app, at(booking.dueBy, -14 * DAY - 60_000));
    expect(early.reminded).not.toContain(booking.id);
    expect(await subjects(booking.number)).toEqual(confirmationOnly);

    // The first reminder 14 days before, once however often the job runs.
    const firstAt = at(booking.dueBy, -14 * DAY + HOUR);
    expect((await runPaymentSchedule(t.app, firstAt)).reminded).toContain(booking.id);
    expect((await runPaymentSchedule(t.app, at(firstAt, 2 * DAY))).reminded).not.toContain(booking.id);
    const first = (await mailsAbout(t, booking.number)).at(-1)!;
    expect(first.subject).toBe(`Payment due on booking ${booking.number}`);
    expect(first.text).toContain('We will remind you once more before then');

    // The last 3 days before.
    expect((await runPaymentSchedule(t.app, at(booking.dueBy, -3 * DAY - HOUR))).reminded).not.toContain(
      booking.id,
    );
    const reminderAt = at(booking.dueBy, -2 * DAY);
    expect((await runPaymentSchedule(t.app, reminderAt)).reminded).toContain(booking.id);
    expect((await runPaymentSchedule(t.app, at(reminderAt, HOUR))).reminded).not.toContain(booking.id);
    const reminder = (await mailsAbout(t, booking.number)).at(-1)!;
    expect(reminder.subject).toBe(`Payment due on booking ${booking.number}`);
    expect(reminder.to).toBe(FAIRWAY.email);
    expect(reminder.text).toContain(`A payment of £${(booking.payable / 100).toFixed(2)} is due`);
    expect(reminder.text).toContain('by Tuesday 7th April 2026');
    expect(reminder.text).toContain('Lead player: Ben Hogan');
    expect(reminder.text).toContain('This is our last reminder');
    // Issue 24: the reminder's signed link (and the confirmation's) still opens the booking after the round.
    for (const mail of await mailsAbout(t, booking.number)) {
      const expires = Number(/[?&]expires=(\d+)/.exec(mail.text)?.[1]);
      expect(expires * 1000, mail.subject).toBeGreaterThan(booking.slot.startsAt.getTime());
    }
    expect((await bookingRow(t, booking.id)).paymentReminderSentAt?.toISOString()).toBe(
      reminderAt.toISOString(),
    );

    // The deadline has not passed: still confirmed and still taking its place.
    const beforeDeadline = await runPaymentSchedule(t.app, at(booking.dueBy, -60_000));
    expect(beforeDeadline.cancelled).not.toContain(booking.id);
    expect(await playersInDiary(COURSE_IDS.burnside, booking.playDate, booking.slot.id)).toBe(1);
    const visitor = await withCsrf(t.app);
    const fourGolfers = bookingBody([{ id: COURSE_IDS.burnside, slotId: booking.slot.id }], [1, 1, 1, 1]);
    expect((await postBooking(t.app, visitor, fourGolfers)).statusCode).toBe(409);

    const afterDeadline = at(booking.dueBy, 60_000);
    expect((await runPaymentSchedule(t.app, afterDeadline)).cancelled).toContain(booking.id);
    expect((await runPaymentSchedule(t.app, at(afterDeadline, HOUR))).cancelled).not.toContain(booking.id);
    const row = await bookingRow(t, booking.id);
    // Cancelled once (a second pass does nothing): its calendar events are one version newer, cancelled.
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelledReason: 'unpaid',
      paidPence: 0,
      calendarSequence: 1,
    });
    expect(row.cancelledAt?.toISOString()).toBe(afterDeadline.toISOString());
    expect(await subjects(booking.number)).toEqual([
      `Your booking ${booking.number} is confirmed`,
      `Payment due on booking ${booking.number}`,
      `Payment due on booking ${booking.number}`,
      `Booking ${booking.number} has been cancelled`,
    ]);

    // Its place is free again: the diary no longer counts it and four golfers now fit the slot.
    expect(await playersInDiary(COURSE_IDS.burnside, booking.playDate, booking.slot.id)).toBe(0);
    expect((await postBooking(t.app, visitor, fourGolfers)).statusCode).toBe(200);
  });

  it('reminds at once when the deadline is already near, and cancels only 24 hours after the reminder', async () => {
    const booking = await paidDeposit(90);
    expect(booking.paid).toBe(Math.round(booking.payable / 2));
    // The job did not run for days: the first pass after the deadline reminds, it does not cancel.
    const late = at(booking.dueBy, HOUR);
    const first = await runPaymentSchedule(t.app, late);
    expect(first.reminded).toContain(booking.id);
    expect(first.cancelled).not.toContain(booking.id);
    const reminder = (await mailsAbout(t, booking.number)).at(-1)!;
    expect(reminder.text).toContain(
      `A payment of £${((booking.payable - booking.paid) / 100).toFixed(2)} is due`,
    );
    // Both points were reached while the job was not running: one e-mail, the last, not two at once.
    const reminders = (await subjects(booking.number)).filter((subject) => subject.startsWith('Payment due'));
    expect(reminders).toHaveLength(1);
    expect(reminder.text).toContain('This is our last reminder');

    const tooSoon = await runPaymentSchedule(t.app, at(late, CANCEL_GRACE_AFTER_REMINDER_MS - 60_000));
    expect(tooSoon.cancelled).not.toContain(booking.id);
    expect((await bookingRow(t, booking.id)).status).toBe('confirmed');

    const cancelled = await runPaymentSchedule(t.app, at(late, CANCEL_GRACE_AFTER_REMINDER_MS));
    expect(cancelled.cancelled).toContain(booking.id);
    const mail = (await mailsAbout(t, booking.number)).at(-1)!;
    expect(mail.subject).toBe(`Booking ${booking.number} has been cancelled`);
    expect(mail.text).toContain(`the £${(booking.paid / 100).toFixed(2)} already paid is not returned`);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paidPence: booking.paid });
  });

  it('skips a reminder point the deadline was already past when booked, never the last one', async () => {
    // 35 days out: the whole price is due within 7 days of booking, nearer than the 14-day point.
    const booking = await payLater(35);
    expect(booking.dueBy.getTime() - NOW.getTime()).toBe(7 * DAY);
    expect((await bookingRow(t, booking.id)).paymentRemindersDone).toBe(1);
    const soon = await runPaymentSchedule(t.app, at(NOW, HOUR));
    expect(soon.reminded).not.toContain(booking.id);
    const last = await runPaymentSchedule(t.app, at(booking.dueBy, -3 * DAY + HOUR));
    expect(last.reminded).toContain(booking.id);
    const reminders = (await subjects(booking.number)).filter((subject) => subject.startsWith('Payment due'));
    expect(reminders).toHaveLength(1);
    expect((await mailsAbout(t, booking.number)).at(-1)!.text).toContain('This is our last reminder');
  });

  it('leaves bookings paid in full and bookings paid online alone', async () => {
    const settled = await paidDeposit(91);
    // The balance was paid (by phone): paid equals payable.
    await t.database.db
      .update(bookings)
      .set({ paidPence: settled.payable })
      .where(eq(bookings.id, settled.id));
    const online = await bookedAndPaidByCard(t, fairway, TODAY, 91, 'online');

    for (const when of [at(settled.dueBy, -HOUR), at(settled.dueBy, 3 * 24 * HOUR)]) {
      const run = await runPaymentSchedule(t.app, when);
      expect(run.reminded).not.toContain(settled.id);
      expect(run.cancelled).not.toContain(settled.id);
      expect(run.reminded).not.toContain(online.id);
      expect(run.cancelled).not.toContain(online.id);
    }
    expect((await bookingRow(t, settled.id)).status).toBe('confirmed');
    expect((await bookingRow(t, online.id)).status).toBe('confirmed');
  });

  it('reminds and cancels each booking once when two instances run the job at the same moment', async () => {
    const due = await Promise.all([payLater(120), payLater(120), payLater(120)]);
    const ids = due.map((booking) => booking.id).sort((a, b) => a - b);
    const reminderAt = at(due[0]!.dueBy, -HOUR);
    const reminders = await Promise.all([
      runPaymentSchedule(t.app, reminderAt),
      runPaymentSchedule(t.app, reminderAt),
    ]);
    const reminded = reminders.flatMap((run) => run.reminded).filter((id) => ids.includes(id));
    expect(reminded.sort((a, b) => a - b)).toEqual(ids);

    const cancelAt = at(due[0]!.dueBy, 2 * 24 * HOUR);
    const cancels = await Promise.all([
      runPaymentSchedule(t.app, cancelAt),
      runPaymentSchedule(t.app, cancelAt),
    ]);
    const cancelled = cancels.flatMap((run) => run.cancelled).filter((id) => ids.includes(id));
    expect(cancelled.sort((a, b) => a - b)).toEqual(ids);

    for (const booking of due) {
      expect(await subjects(booking.number)).toEqual([
        `Your booking ${booking.number} is confirmed`,
        `Payment due on booking ${booking.number}`,
        `Booking ${booking.number} has been cancelled`,
      ]);
    }
  });

  it('by default (CANCEL_UNPAID_TERMS off) reminds without threatening cancellation and never cancels', async () => {
    const { t: byDefault, fairway: operator } = await operatorBookingApp(NOW);
    try {
      expect(byDefault.config.bookings.cancelUnpaidTerms).toBe(false);
      const { dueBy, ...booking } = await bookedOnTerms(byDefault, operator, TODAY, 60);
      expect((await runPaymentSchedule(byDefault.app, at(dueBy, -HOUR))).reminded).toContain(booking.id);
      // Long past the deadline and the grace after the reminder: a payment taken by phone may have come.
      const later = await runPaymentSchedule(byDefault.app, at(dueBy, 10 * 24 * HOUR));
      expect(later.cancelled).toEqual([]);
      expect((await bookingRow(byDefault, booking.id)).status).toBe('confirmed');
      const mails = await mailsAbout(byDefault, booking.number);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Your booking ${booking.number} is confirmed`,
        `Payment due on booking ${booking.number}`,
      ]);
      expect(mails[1]?.text).not.toContain('cancelled');
    } finally {
      await byDefault.close();
    }
  });
});
