import { endOfLondonDay, todayInLondon } from '@links/shared';
import {
  type DueDateRequest,
  MONEY_MESSAGES,
  type MoneyChange,
  type RecordPaymentRequest,
} from '@links/shared/schemas/staff-bookings';
import { londonDate } from '@links/shared/uk-time';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookingRounds, bookings, recordedPayments, teeSlots } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { selectRoundsWithSlot } from '../bookings/bookings.repository.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';
import type { LockedBooking } from '../payment/confirm-booking.ts';
import { remindersDoneAtBooking } from '../payment-schedule/payment-schedule.repository.ts';
import { recordAudit } from './audit-log.ts';
import { withBookingLocked } from './lock-booking-by-number.ts';

// Money outside the card flow (issue 22): staff record a payment taken by phone, at the desk or by bank transfer, or
// give a booking on terms a later due date. Each locks the booking row (as the card payment's confirmation and the
// payment-schedule job do), changes it and writes its audit row in one transaction; so the job, which claims only
// unpaid rows past their deadline, never cancels a booking paid or moved a moment before.

export type MoneyDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db'>;

const RECORDED_WHAT: Record<RecordPaymentRequest['method'], string> = {
  phone: 'Payment by phone',
  desk: 'Payment at the desk',
  bank_transfer: 'Payment by bank transfer',
};

const notAllowed = (message: string) => new AppError('money_change_not_allowed', 422, message);

/** Only a confirmed booking takes money or a new due date. */
function mustBeConfirmed(booking: LockedBooking): void {
  if (booking.status !== 'confirmed') throw notAllowed(MONEY_MESSAGES.notConfirmed);
}

function change(
  bookingNumber: string,
  row: { paid: number; payable: number; dueAt: Date | null },
): MoneyChange {
  return {
    booking_number: bookingNumber,
    paid: row.paid,
    payable: row.payable,
    balance_due_at: row.dueAt?.toISOString() ?? null,
  };
}

export async function recordPayment(
  deps: MoneyDeps,
  bookingNumber: string,
  request: RecordPaymentRequest,
  staffUserId: number,
): Promise<MoneyChange> {
  return withBookingLocked(deps, bookingNumber, async (tx, booking, now) => {
    mustBeConfirmed(booking);
    const payable = booking.payablePence ?? 0;
    const paid = booking.paidPence ?? 0;
    const due = payable - paid;
    if (due <= 0) throw notAllowed(MONEY_MESSAGES.nothingDue);
    if (request.amount > due) throw notAllowed(MONEY_MESSAGES.tooMuch);
    const [recorded] = await tx
      .insert(recordedPayments)
      .values({
        bookingId: booking.id,
        amountPence: request.amount,
        method: request.method,
        reference: request.reference,
        staffUserId,
        recordedAt: now,
      })
      .returning({ id: recordedPayments.id });
    if (recorded) {
      await issueInvoice(tx, {
        kind: 'invoice',
        bookingId: booking.id,
        sourceKey: `recorded:${recorded.id}`,
        grossPence: request.amount,
        what: RECORDED_WHAT[request.method],
        at: now,
      });
    }
    const [updated] = await tx
      .update(bookings)
      .set({ paidPence: sql`coalesce(${bookings.paidPence}, 0) + ${request.amount}`, updatedAt: sql`now()` })
      .where(eq(bookings.id, booking.id))
      .returning({ paid: bookings.paidPence });
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'booking.payment_recorded',
      target: { type: 'booking', id: bookingNumber },
      before: { paid, payable },
      after: { paid: updated?.paid ?? paid + request.amount, payable, ...request },
      at: now,
    });
    return change(bookingNumber, { paid: updated?.paid ?? 0, payable, dueAt: booking.balanceDueAt });
  });
}

export async function extendDueDate(
  deps: MoneyDeps,
  bookingNumber: string,
  request: DueDateRequest,
  staffUserId: number,
): Promise<MoneyChange> {
  return withBookingLocked(deps, bookingNumber, async (tx, booking, now) => {
    mustBeConfirmed(booking);
    if (booking.paymentMethod !== 'deposit' && booking.paymentMethod !== 'offline') {
      throw notAllowed(MONEY_MESSAGES.notOnTerms);
    }
    const payable = booking.payablePence ?? 0;
    const paid = booking.paidPence ?? 0;
    if (payable - paid <= 0) throw notAllowed(MONEY_MESSAGES.nothingDue);
    if (request.due_date < todayInLondon(now)) throw notAllowed(MONEY_MESSAGES.dueDatePast);
    const [first] = await selectRoundsWithSlot(tx, { startsAt: teeSlots.startsAt })
      .where(eq(bookingRounds.bookingId, booking.id))
      .orderBy(asc(teeSlots.startsAt))
      .limit(1);
    if (first && request.due_date >= londonDate(first.startsAt))
      throw notAllowed(MONEY_MESSAGES.dueDateAfterPlay);

    const dueAt = endOfLondonDay(request.due_date);
    // The deposit is never due after the whole; the reminders start again for the new date (those whose point has
    // already passed are skipped, as at booking), and the cancellation waits for one of them.
    const depositDueAt = booking.depositDueAt && booking.depositDueAt > dueAt ? dueAt : booking.depositDueAt;
    // The deadline now running, as the job reads it (currentDeadline): the deposit's while it is unpaid.
    const running = depositDueAt && paid < (booking.depositPence ?? 0) ? depositDueAt : dueAt;
    await tx
      .update(bookings)
      .set({
        balanceDueAt: dueAt,
        depositDueAt,
        paymentRemindersDone: remindersDoneAtBooking(running, now, deps.config.bookings.paymentReminderDays),
        paymentReminderSentAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(bookings.id, booking.id));
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'booking.due_date_changed',
      target: { type: 'booking', id: bookingNumber },
      before: { balance_due_at: booking.balanceDueAt?.toISOString() ?? null },
      after: { balance_due_at: dueAt.toISOString() },
      at: now,
    });
    return change(bookingNumber, { paid, payable, dueAt });
  });
}
