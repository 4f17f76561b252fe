import { formatMoney } from '@links/shared/money';
import { DUE_PAYMENT_MESSAGES, MIN_DUE_PAYMENT_PENCE } from '@links/shared/schemas/due-payments';
import type { ApiErrorCode } from '@links/shared/schemas/envelope';
import { formatLongDate, londonDate } from '@links/shared/uk-time';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookings, paymentIntents } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { BOOKING_MESSAGES } from '../bookings/booking-messages.ts';
import { bookingMatches, roundsOfBookings } from '../bookings/bookings.repository.ts';
import { lastRoundStart, signBookingLink } from '../confirmation/confirmation-link.ts';
import { withInvoice } from '../invoices/invoice-attachment.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { markIntentConfirmed } from '../payment-provider/payment-intents.repository.ts';
import type { PaymentIntent } from '../payment-provider/payment-provider.ts';
import { lockBooking, recipient } from './confirm-booking.ts';
import { duePaymentReceivedEmail } from './due-payment-email.tsx';
import { type Decision, openDecision } from './settlement-decision.ts';

// Paying what is due on a confirmed booking by card (issue 24): the rest of a tour operator's deposit or the balance,
// in part or whole, by whoever may open the booking (the operator signed in, or the holder of a reminder's signed
// link). The intent names its purpose in metadata, so the one settlement path (browser, webhook, reconciliation job)
// adds it to what the booking has paid instead of confirming a hold with it. The booking row lock orders it with the
// payment-schedule job, which claims only rows still unpaid past their deadline: a payment that commits first is
// seen, and one that cannot be used (the booking was cancelled, or the due fell below it meanwhile) is refunded.

export const DUE_PAYMENT_PURPOSE = 'due';

/** How long an opened due payment may be paid; then the reconciliation job cancels it at the provider. */
export const DUE_PAYMENT_LIFETIME_MS = 60 * 60_000;

export type DuePaymentDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log' | 'payments'>;

export function isDuePayment(intent: Pick<PaymentIntent, 'metadata'>): boolean {
  return intent.metadata.purpose === DUE_PAYMENT_PURPOSE;
}

const refused = (message: string, code: ApiErrorCode = 'due_payment_not_allowed') =>
  new AppError(code, 422, message);

/** What may be paid now: the booking is confirmed, not yet played, and owes something; the amount fits. */
async function checkPayable(tx: Tx, bookingId: number, amount: number, now: Date) {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) throw notFound(BOOKING_MESSAGES.unknownBooking, 'booking_not_found');
  if (booking.status !== 'confirmed') throw refused(DUE_PAYMENT_MESSAGES.notConfirmed);
  const due = (booking.payablePence ?? 0) - (booking.paidPence ?? 0);
  if (due <= 0) throw refused(DUE_PAYMENT_MESSAGES.nothingDue, 'nothing_due');
  const last = (await roundsOfBookings(tx, [bookingId])).at(-1);
  if (last && last.startsAt.getTime() <= now.getTime()) throw refused(DUE_PAYMENT_MESSAGES.played);
  if (amount > due) throw refused(DUE_PAYMENT_MESSAGES.tooMuch(formatMoney(due)));
  const least = Math.min(due, MIN_DUE_PAYMENT_PENCE);
  if (amount < least) throw refused(DUE_PAYMENT_MESSAGES.tooLittle(formatMoney(least)));
  return { booking, due };
}

/**
 * Opens (or, for the same booking, amount and paid-so-far, returns the one already open) the card payment of
 * `amount` pence. The idempotency key counts the due payments that ended unpaid, so a payment the job cancelled after
 * its hour is followed by a new one rather than answered with the cancelled one.
 */
export async function startDuePayment(
  deps: DuePaymentDeps,
  bookingId: number,
  amount: number,
): Promise<{ payment_intent: string; client_secret: string; amount: number }> {
  const { booking } = await deps.db.transaction((tx) =>
    checkPayable(tx, bookingId, amount, deps.clock.now()),
  );
  const [ended] = await deps.db
    .select({ count: sql<number>`count(*)::integer` })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.bookingId, bookingId),
        eq(paymentIntents.status, 'canceled'),
        sql`${paymentIntents.metadata} ->> 'purpose' = ${DUE_PAYMENT_PURPOSE}`,
      ),
    );
  const intent = await deps.payments.createIntent({
    amount,
    currency: 'gbp',
    bookingId,
    metadata: {
      purpose: DUE_PAYMENT_PURPOSE,
      booking_number: booking.bookingNumber,
      paid_before_pence: String(booking.paidPence ?? 0),
    },
    idempotencyKey: `due-${bookingId}-${booking.paidPence ?? 0}-${amount}-${ended?.count ?? 0}`,
  });
  if (!intent.client_secret) throw new Error('The payment provider gave no client secret');
  return { payment_intent: intent.id, client_secret: intent.client_secret, amount: intent.amount };
}

/**
 * Under the booking's row lock: add this paid intent to what the booking has paid (and queue the receipt), or decide
 * its refund (recorded on the intent before the provider is asked). An intent already settled keeps its settlement.
 */
export async function decideDuePayment(
  deps: Pick<DuePaymentDeps, 'clock' | 'config' | 'log'>,
  tx: Tx,
  intent: PaymentIntent,
  bookingId: number,
): Promise<Decision> {
  const { booking, outcome, refund, earlier } = await openDecision(tx, intent, bookingId);
  if (earlier) return earlier;
  if (booking.status !== 'confirmed') return refund('booking_cancelled');
  const payable = booking.payablePence ?? 0;
  const paidBefore = booking.paidPence ?? 0;
  const due = payable - paidBefore;
  if (intent.currency !== 'gbp' || intent.amount > due)
    return refund(due <= 0 ? 'paid_twice' : 'amount_mismatch');

  const paid = paidBefore + intent.amount;
  await tx.update(bookings).set({ paidPence: paid, updatedAt: sql`now()` }).where(eq(bookings.id, bookingId));
  await markIntentConfirmed(tx, intent.id);
  const invoice = await issueInvoice(tx, {
    kind: 'invoice',
    bookingId,
    sourceKey: `card:${intent.id}`,
    grossPence: intent.amount,
    what: 'Card payment',
    at: deps.clock.now(),
  });

  const to = await recipient(tx, booking);
  if (!to) {
    deps.log.error({ bookingId }, 'a paid booking has no usable contact details for its receipt');
  } else {
    const rounds = await roundsOfBookings(tx, [bookingId]);
    const link = signBookingLink(
      deps.config,
      booking.bookingNumber,
      deps.clock.now(),
      lastRoundStart(rounds),
    );
    const remaining = payable - paid;
    const receipt = await duePaymentReceivedEmail(
      to.email,
      {
        bookingNumber: booking.bookingNumber,
        greeting: to.greeting,
        amountPence: intent.amount,
        paidPence: paid,
        payablePence: payable,
        remaining:
          remaining > 0
            ? {
                amountPence: remaining,
                dueBy: booking.balanceDueAt ? formatLongDate(londonDate(booking.balanceDueAt)) : null,
              }
            : null,
        receivedAt: deps.clock.now(),
        bookingUrl: link.url,
        invoiceNumber: invoice.number,
      },
      deps.config.brand,
    );
    await enqueueMail(tx, await withInvoice(receipt, invoice, deps.config), { bookingId });
  }
  return { kind: 'confirmed', outcome: { ...outcome, newlyConfirmed: true } };
}

/** The reconciliation job's rule for an open due payment: payable for its hour while its booking still owes. */
export async function duePaymentStillOpen(
  deps: Pick<DuePaymentDeps, 'clock' | 'db'>,
  intent: PaymentIntent,
  createdAt: Date,
): Promise<boolean> {
  if (intent.booking_id === null) return false;
  if (deps.clock.now().getTime() - createdAt.getTime() >= DUE_PAYMENT_LIFETIME_MS) return false;
  return bookingMatches(
    deps.db,
    intent.booking_id,
    eq(bookings.status, 'confirmed'),
    sql`coalesce(${bookings.payablePence}, 0) > coalesce(${bookings.paidPence}, 0)`,
  );
}
