import { operatorPlayerDetailsSchema } from '@links/shared/schemas/operator-contact-details';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bumpCalendarSequence } from '../confirmation/calendar-sequence.ts';
import { lastRoundStart, signBookingLink } from '../confirmation/confirmation-link.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { remindMissingNames } from './names-reminder.tsx';
import {
  claimDueReminders,
  claimOverdueCancellations,
  loadScheduledBookings,
  type ScheduledBookingRow,
} from './payment-schedule.repository.ts';
import {
  paymentCancellationEmail,
  paymentReminderEmail,
  type ScheduledPaymentBooking,
} from './payment-schedule-emails.tsx';

/** What this use case needs of the app (any object with these members: the app, or a test's own). */
export type PaymentScheduleDeps = Pick<FastifyInstance, 'config' | 'db' | 'log'>;

const HOUR_MS = 3_600_000;

/**
 * Spec section 9: reminders, then the booking is cancelled. A reminder goes at each configured point before the
 * deadline (PAYMENT_REMINDER_DAYS, default 14 and 3 days; issue 24 asks for more than the spec's one), except points
 * already passed when the booking was made; the last one always goes (at once for a booking whose deadline is
 * already that close). The booking is cancelled once the deadline has passed and the latest reminder went at least
 * 24 hours earlier, so every operator gets the warning and at least a day to act on it.
 */
export const CANCEL_GRACE_AFTER_REMINDER_MS = 24 * HOUR_MS;

export type PaymentScheduleRun = { reminded: number[]; cancelled: number[]; namesReminded: number[] };

function emailBooking(row: ScheduledBookingRow): ScheduledPaymentBooking {
  const details = operatorPlayerDetailsSchema.safeParse(row.playerDetails);
  return {
    bookingNumber: row.bookingNumber,
    companyName: row.companyName ?? 'Customer',
    leadPlayer: details.success ? `${details.data.first_name} ${details.data.surname}` : null,
    rounds: row.rounds,
    payablePence: row.payablePence,
    paidPence: row.paidPence,
    dueBy: row.dueBy,
  };
}

async function remind(deps: PaymentScheduleDeps, tx: Tx, now: Date): Promise<number[]> {
  const reminderDays = deps.config.bookings.paymentReminderDays;
  const ids = await claimDueReminders(tx, now, reminderDays);
  for (const row of await loadScheduledBookings(tx, ids)) {
    if (!row.operatorEmail) {
      deps.log.error({ bookingId: row.id }, 'booking on terms has no operator to remind');
      continue;
    }
    const link = signBookingLink(deps.config, row.bookingNumber, now, lastRoundStart(row.rounds));
    await enqueueMail(
      tx,
      await paymentReminderEmail(row.operatorEmail, emailBooking(row), link.url, {
        cancels: deps.config.bookings.cancelUnpaidTerms,
        final: row.remindersDone >= reminderDays.length,
        brand: deps.config.brand,
      }),
      { bookingId: row.id },
    );
  }
  return ids;
}

async function cancel(deps: PaymentScheduleDeps, tx: Tx, now: Date): Promise<number[]> {
  const ids = await claimOverdueCancellations(tx, now, CANCEL_GRACE_AFTER_REMINDER_MS);
  // Cancelled rounds are a new version of the booking's calendar events (STATUS:CANCELLED in its .ics).
  await bumpCalendarSequence(tx, ids);
  for (const row of await loadScheduledBookings(tx, ids)) {
    if (!row.operatorEmail) {
      deps.log.error({ bookingId: row.id }, 'cancelled booking on terms has no operator to tell');
      continue;
    }
    await enqueueMail(
      tx,
      await paymentCancellationEmail(row.operatorEmail, emailBooking(row), deps.config.brand),
      { bookingId: row.id },
    );
  }
  return ids;
}

/**
 * One pass of the payment-schedule job at `now` (the app's clock, so tests drive it). Cancellations run before
 * reminders, each in its own transaction with its e-mails, so a booking's state change and its e-mail exist
 * together or not at all. A cancelled booking no longer takes places (the shared live-bookings rule counts only
 * confirmed and live held bookings), so the diary and capacity release its tee times at once.
 */
export async function runPaymentSchedule(deps: PaymentScheduleDeps, now: Date): Promise<PaymentScheduleRun> {
  // Off by default (CANCEL_UNPAID_TERMS): a payment taken by phone and not yet recorded by staff would look unpaid.
  const cancelled = deps.config.bookings.cancelUnpaidTerms
    ? await deps.db.transaction((tx) => cancel(deps, tx, now))
    : [];
  const reminded = await deps.db.transaction((tx) => remind(deps, tx, now));
  // Golfers' names a week before their deadline (issue 24): the same operators, the same kind of pass.
  const namesReminded = await deps.db.transaction((tx) => remindMissingNames(deps, tx, now));
  return { reminded, cancelled, namesReminded };
}
