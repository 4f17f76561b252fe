import {
  CANCEL_MESSAGES,
  type CancelBookingRequest,
  type CancelledBooking,
} from '@links/shared/schemas/staff-bookings';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bookings, paymentIntents, paymentRefunds, staffRefunds } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { bumpCalendarSequence } from '../confirmation/calendar-sequence.ts';
import { loadBookingRecord } from '../confirmation/confirmation.repository.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';
import { recordAudit } from './audit-log.ts';
import { bookingCancelledEmail } from './booking-cancelled-email.tsx';
import { lockBookingByNumber } from './lock-booking-by-number.ts';
import { tellBooker } from './tell-booker.ts';

// Staff cancel a confirmed booking (issue 22). One transaction, under the booking row lock: the booking becomes
// 'cancelled' (its places return to the public at once: bookingTakesPlaces counts only live bookings), its calendar
// sequence rises, a pending refund of at most what the card paid is written with its one idempotency key, the audit
// row and the golfer's e-mail (with the cancelled .ics) are queued. Then the refund goes to the provider; if the
// provider cannot be reached, or the process stops first, the payment-reconciliation job sends it again with the same
// key until the provider confirms it: the money goes back exactly once, whatever fails in between.

export type CancelDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log' | 'payments'>;

/** After a failed attempt: 1 minute, doubling to an hour. */
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
/** Longer than one provider call with its own retries. */
const LEASE_MS = 5 * 60_000;

/**
 * When the job may first try a refund just written: after the lease of the request that wrote it, which makes the
 * first attempt itself after its commit. Should that process stop before the provider answers, the job sends it then.
 */
export function firstRetryAt(now: Date): Date {
  return new Date(now.getTime() + LEASE_MS);
}

export type RefundablePart = { intentId: string; amount: number };

type CardPayment = { id: string; amount: number; status: string; settlement: string | null; createdAt: Date };

/**
 * What can still go back to the cards, per card payment the booking took (each succeeded and settled 'confirmed':
 * the one that confirmed it, and any deposit or balance paid since), newest first: its amount less its refunds and
 * the staff refunds still pending on it. Empty when no card payment paid for the booking.
 */
export function refundableParts(
  payments: readonly CardPayment[],
  refunded: ReadonlyMap<string, number>,
  pending: ReadonlyMap<string, number>,
): RefundablePart[] {
  return payments
    .filter((payment) => payment.status === 'succeeded' && payment.settlement === 'confirmed')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
    .map((payment) => ({
      intentId: payment.id,
      amount: Math.max(0, payment.amount - (refunded.get(payment.id) ?? 0) - (pending.get(payment.id) ?? 0)),
    }));
}

/** A refund of `amount` spread over the payments, the newest first (a balance before the deposit it followed). */
export function splitRefund(parts: readonly RefundablePart[], amount: number): RefundablePart[] {
  const split: RefundablePart[] = [];
  let left = amount;
  for (const part of parts) {
    if (left <= 0) break;
    const take = Math.min(part.amount, left);
    if (take > 0) split.push({ intentId: part.intentId, amount: take });
    left -= take;
  }
  return split;
}

/** Amounts summed per payment intent. */
export const totalsByIntent = (rows: ReadonlyArray<{ intentId: string; amount: number }>) => {
  const map = new Map<string, number>();
  for (const row of rows) map.set(row.intentId, (map.get(row.intentId) ?? 0) + row.amount);
  return map;
};

/**
 * refundableParts of the booking, read in `db` (the cancellation's or change's transaction, which holds the booking
 * row lock): the total and its parts, or null when no card payment paid for the booking.
 */
export async function refundableOf(
  db: DbOrTx,
  bookingId: number,
): Promise<{ amount: number; parts: RefundablePart[] } | null> {
  const [payments, refunded, pending] = await Promise.all([
    db
      .select({
        id: paymentIntents.id,
        amount: paymentIntents.amount,
        status: paymentIntents.status,
        settlement: paymentIntents.settlement,
        createdAt: paymentIntents.createdAt,
      })
      .from(paymentIntents)
      .where(eq(paymentIntents.bookingId, bookingId)),
    db
      .select({ intentId: paymentRefunds.paymentIntentId, amount: paymentRefunds.amount })
      .from(paymentRefunds)
      .innerJoin(paymentIntents, eq(paymentIntents.id, paymentRefunds.paymentIntentId))
      .where(eq(paymentIntents.bookingId, bookingId)),
    db
      .select({ intentId: staffRefunds.paymentIntentId, amount: staffRefunds.amountPence })
      .from(staffRefunds)
      .where(and(eq(staffRefunds.bookingId, bookingId), eq(staffRefunds.status, 'pending'))),
  ]);
  const parts = refundableParts(payments, totalsByIntent(refunded), totalsByIntent(pending));
  if (parts.length === 0) return null;
  return { amount: parts.reduce((sum, part) => sum + part.amount, 0), parts };
}

async function cancelInTransaction(
  deps: CancelDeps,
  tx: Tx,
  bookingNumber: string,
  request: CancelBookingRequest,
  staffUserId: number,
) {
  const booking = await lockBookingByNumber(tx, bookingNumber);
  if (booking.status !== 'confirmed')
    throw new AppError('money_change_not_allowed', 422, CANCEL_MESSAGES.notConfirmed);
  const refundable = await refundableOf(tx, booking.id);
  if (request.refund > (refundable?.amount ?? 0)) {
    throw new AppError('refund_amount_invalid', 422, CANCEL_MESSAGES.tooMuch);
  }
  const now = deps.clock.now();
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, cancelledReason: 'staff', updatedAt: sql`now()` })
    .where(eq(bookings.id, booking.id));
  await bumpCalendarSequence(tx, [booking.id]);
  // One refund per card payment it is taken from; the first keeps the key a single payment's refund always had.
  const refunds =
    request.refund > 0 && refundable
      ? await tx
          .insert(staffRefunds)
          .values(
            splitRefund(refundable.parts, request.refund).map((part, index) => ({
              bookingId: booking.id,
              paymentIntentId: part.intentId,
              amountPence: part.amount,
              idempotencyKey:
                index === 0 ? `staff-cancel-${booking.id}` : `staff-cancel-${booking.id}-${index + 1}`,
              staffUserId,
              nextAttemptAt: firstRetryAt(now),
            })),
          )
          .returning()
      : [];
  await creditNotesFor(tx, refunds, now);
  await recordAudit(tx, {
    actor: { staffUserId },
    action: 'booking.cancelled',
    target: { type: 'booking', id: bookingNumber },
    before: { status: 'confirmed' },
    after: { status: 'cancelled', reason: request.reason, refund: request.refund },
    at: now,
  });
  const record = await loadBookingRecord(tx, booking.id);
  await tellBooker(deps, tx, { booking, record, now }, bookingCancelledEmail, (frame, { rounds }) => ({
    ...frame,
    rounds: rounds.map((round) => ({ courseName: round.courseName, startsAt: round.startsAt })),
    refundPence: request.refund,
  }));
  return refunds;
}

export type StaffRefundRow = typeof staffRefunds.$inferSelect;

/** A VAT credit note for each refund written, in its transaction, against the invoice of the payment it returns. */
export async function creditNotesFor(tx: Tx, rows: readonly StaffRefundRow[], at: Date): Promise<void> {
  for (const row of rows) {
    await issueInvoice(tx, {
      kind: 'credit_note',
      bookingId: row.bookingId,
      sourceKey: `staff-refund:${row.id}`,
      grossPence: row.amountPence,
      what: 'Refund to the card',
      at,
      creditsSourceKey: `card:${row.paymentIntentId}`,
    });
  }
}

/** Sends one pending refund to the provider (same key every time) and marks it made; false when it must wait. */
export async function sendRefund(deps: CancelDeps, row: StaffRefundRow): Promise<boolean> {
  try {
    const made = await deps.payments.refund({
      intentId: row.paymentIntentId,
      amount: row.amountPence,
      idempotencyKey: row.idempotencyKey,
    });
    await deps.db
      .update(staffRefunds)
      .set({ status: 'succeeded', refundId: made.id })
      .where(and(eq(staffRefunds.id, row.id), eq(staffRefunds.status, 'pending')));
    return true;
  } catch (error) {
    const attempts = row.attempts + 1;
    const wait = Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
    await deps.db
      .update(staffRefunds)
      .set({ attempts, nextAttemptAt: new Date(deps.clock.now().getTime() + wait) })
      // Made meanwhile by another path (the job, after this call's lease): it stays made.
      .where(and(eq(staffRefunds.id, row.id), eq(staffRefunds.status, 'pending')));
    deps.log.warn(
      { bookingId: row.bookingId, attempts, errorCode: (error as { code?: string }).code ?? 'unknown' },
      'a staff refund could not be made yet; it will be retried',
    );
    return false;
  }
}

export async function cancelBooking(
  deps: CancelDeps,
  bookingNumber: string,
  request: CancelBookingRequest,
  staffUserId: number,
): Promise<CancelledBooking> {
  const refunds = await deps.db.transaction((tx) =>
    cancelInTransaction(deps, tx, bookingNumber, request, staffUserId),
  );
  if (refunds.length === 0) return { booking_number: bookingNumber, refund: null };
  return { booking_number: bookingNumber, refund: await sendRefunds(deps, refunds) };
}

/** Sends a change's or cancellation's refunds (one per card payment) and says whether all were made now. */
export async function sendRefunds(
  deps: CancelDeps,
  rows: readonly StaffRefundRow[],
): Promise<{ amount: number; status: 'succeeded' | 'pending' }> {
  let allMade = true;
  for (const row of rows) if (!(await sendRefund(deps, row))) allMade = false;
  return {
    amount: rows.reduce((sum, row) => sum + row.amountPence, 0),
    status: allMade ? 'succeeded' : 'pending',
  };
}

/**
 * The payment-reconciliation job's share: the staff refunds still pending whose next attempt is due, each leased
 * (its next attempt pushed past the lease) by one conditional UPDATE over SKIP LOCKED rows, so two instances never
 * send the same one at once; and the provider's idempotency key makes a repeat harmless anyway.
 */
export async function retryPendingRefunds(
  deps: CancelDeps,
  limit = 20,
): Promise<{ made: number; waiting: number }> {
  const now = deps.clock.now();
  const due = deps.db
    .select({ id: staffRefunds.id })
    .from(staffRefunds)
    .where(and(eq(staffRefunds.status, 'pending'), lte(staffRefunds.nextAttemptAt, now)))
    .orderBy(asc(staffRefunds.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(staffRefunds)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(inArray(staffRefunds.id, due), eq(staffRefunds.status, 'pending')))
    .returning();
  let made = 0;
  for (const row of claimed) if (await sendRefund(deps, row)) made += 1;
  return { made, waiting: claimed.length - made };
}
