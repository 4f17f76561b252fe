import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import type { RefundReason } from '../../db/schema/payments.ts';
import { type AppError, conflict, isAppError, notFound } from '../../lib/app-error.ts';
import { BOOKING_MESSAGES } from '../bookings/booking-messages.ts';
import { isCapacityViolation } from '../bookings/save-booking.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { markIntentConfirmed, markIntentRefunded } from '../payment-provider/payment-intents.repository.ts';
import type { PaymentIntent } from '../payment-provider/payment-provider.ts';
import {
  CONFIRMATION_MESSAGES,
  type ConfirmOutcome,
  confirmLockedBooking,
  expectedCardAmount,
  type LockedBooking,
  loadReference,
  lockBooking,
  placesStillFree,
  type Reference,
  recipient,
} from './confirm-booking.ts';
import { decideDuePayment, isDuePayment } from './due-payment.ts';
import { paymentRefundedEmail } from './refund-email.tsx';
import { type Decision, openDecision } from './settlement-decision.ts';

/** What this use case needs of the app (any object with these members: the app, or a test's own). */
export type SettlementDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log' | 'payments'>;

export type Settlement =
  | { kind: 'confirmed'; outcome: ConfirmOutcome }
  | { kind: 'refunded'; reason: RefundReason; amount: number; bookingId: number; bookingNumber: string };

/** The idempotency key of the one refund an intent can ever get: per intent, so every stale payment is returned. */
export const refundKey = (intentId: string) => `refund-${intentId}`;

/** The answer the browser's record call gives for a payment that was refunded instead. */
export function refundedAnswer(settlement: Extract<Settlement, { kind: 'refunded' }>): AppError {
  const { amount } = settlement;
  switch (settlement.reason) {
    case 'amount_mismatch':
      return conflict(CONFIRMATION_MESSAGES.amountMismatchRefunded(amount), 'payment_amount_mismatch');
    case 'paid_twice':
      return conflict(CONFIRMATION_MESSAGES.paidTwiceRefunded(amount), 'booking_confirmed');
    case 'booking_cancelled':
      return conflict(CONFIRMATION_MESSAGES.cancelledRefunded(amount), 'booking_cancelled');
    case 'places_gone':
      return conflict(CONFIRMATION_MESSAGES.placesTakenRefunded(amount), 'places_taken_refunded');
  }
}

/** The intent is for what the booking now asks by card: the amount, in pounds, of the deposit's current payable. */
function paysBookingAsItIs(intent: PaymentIntent, booking: LockedBooking): boolean {
  const staleDeposit =
    booking.paymentMethod === 'deposit' && intent.metadata.payable_pence !== String(booking.payablePence);
  return intent.currency === 'gbp' && intent.amount === expectedCardAmount(booking) && !staleDeposit;
}

/** bookings.cancelled_reason of a lapsed hold paid after its places had been taken. */
const PLACES_GONE = 'places_gone';

/**
 * Under the booking's row lock: confirm the booking with this paid intent, or decide its refund (recorded before
 * the provider is asked, so no later path can confirm with it). An intent already settled keeps its settlement.
 * `placesGone`: a first attempt found the lapsed hold's places taken by the capacity triggers.
 */
async function decide(
  deps: SettlementDeps,
  tx: Tx,
  intent: PaymentIntent,
  bookingId: number,
  reference: Reference,
  options: { newsletter: boolean; placesGone: boolean },
): Promise<Decision> {
  const { booking, outcome, refund, earlier } = await openDecision(tx, intent, bookingId);
  if (earlier) return earlier;
  if (booking.status === 'confirmed') {
    if (booking.paymentIntentId !== intent.id) return refund('paid_twice');
    await markIntentConfirmed(tx, intent.id);
    return { kind: 'confirmed', outcome: { ...outcome, newlyConfirmed: false } };
  }
  if (booking.status === 'cancelled') {
    return refund(booking.cancelledReason === PLACES_GONE ? 'places_gone' : 'booking_cancelled');
  }
  if (!paysBookingAsItIs(intent, booking)) return refund('amount_mismatch');
  const holdLive = booking.status === 'held' && booking.holdActive;
  if (options.placesGone || (!holdLive && !(await placesStillFree(tx, booking.id, deps.clock.now())))) {
    await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledReason: PLACES_GONE,
        cancelledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(bookings.id, booking.id));
    return refund('places_gone');
  }
  await confirmLockedBooking(deps, tx, booking, reference, {
    paidPence: intent.amount,
    paymentIntentId: intent.id,
    newsletter: options.newsletter,
  });
  await markIntentConfirmed(tx, intent.id);
  return { kind: 'confirmed', outcome: { ...outcome, newlyConfirmed: true } };
}

/**
 * Asks the provider to return the payment (once per intent, whatever the number of callers: one idempotency key),
 * then records it and queues the one e-mail that tells the golfer, in one transaction that only the first caller's
 * conditional update wins. A provider that answered "already refunded" has done it already.
 */
async function refund(deps: SettlementDeps, intent: PaymentIntent, bookingId: number, reason: RefundReason) {
  try {
    await deps.payments.refund({ intentId: intent.id, idempotencyKey: refundKey(intent.id) });
  } catch (error) {
    if (!isAppError(error) || error.code !== 'charge_already_refunded') throw error;
  }
  return deps.db.transaction(async (tx) => {
    // The booking's row lock first, as every settlement path takes it: the intent row comes second.
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw notFound(BOOKING_MESSAGES.unknownBooking, 'booking_not_found');
    if (await markIntentRefunded(tx, intent.id)) {
      const to = await recipient(tx, booking);
      if (to) {
        const details = {
          bookingNumber: booking.bookingNumber,
          greeting: to.greeting,
          amountPence: intent.amount,
        };
        await enqueueMail(
          tx,
          await paymentRefundedEmail(
            to.email,
            { ...details, reason, duePayment: isDuePayment(intent) },
            deps.config.brand,
          ),
          { bookingId },
        );
      }
      deps.log.warn(
        { bookingId, paymentIntent: intent.id, reason },
        'a payment that could not confirm its booking was refunded',
      );
    }
    return {
      kind: 'refunded' as const,
      reason,
      amount: intent.amount,
      bookingId,
      bookingNumber: booking.bookingNumber,
    };
  });
}

/**
 * Settles a payment the provider reports succeeded (never one a browser merely says was paid): its booking is
 * confirmed with it (PIN, one confirmation e-mail), or the payment is refunded in full (one refund, one e-mail)
 * when it cannot pay for the booking as it now is: the booking changed after the payment was opened, was paid with
 * another payment, was cancelled, or lost its places after the hold lapsed. The one path for the browser's record
 * call, the webhook and sandbox events and the reconciliation job, which may race on any instance: the booking row
 * lock and the intent's settlement make it confirm once and refund once.
 */
export async function settlePaidIntent(
  deps: SettlementDeps,
  intent: PaymentIntent,
  options: { newsletter?: boolean } = {},
): Promise<Settlement> {
  const bookingId = intent.booking_id;
  if (intent.status !== 'succeeded' || bookingId === null) {
    throw new Error('Only a succeeded payment of one of our bookings can be settled');
  }
  // A payment of what a confirmed booking owes (due-payment.ts) adds to it; every other pays for a booking's hold.
  if (isDuePayment(intent)) {
    const decision = await deps.db.transaction((tx) => decideDuePayment(deps, tx, intent, bookingId));
    return decision.kind === 'confirmed' ? decision : refund(deps, intent, bookingId, decision.reason);
  }
  const reference = await loadReference(deps);
  const attempt = (placesGone: boolean) =>
    deps.db.transaction((tx) =>
      decide(deps, tx, intent, bookingId, reference, { newsletter: options.newsletter ?? false, placesGone }),
    );
  let decision: Decision;
  try {
    decision = await attempt(false);
  } catch (error) {
    // The capacity triggers refused the re-take of a lapsed hold: someone took the places after our count.
    if (!isCapacityViolation(error)) throw error;
    decision = await attempt(true);
  }
  if (decision.kind === 'confirmed') return decision;
  return refund(deps, intent, bookingId, decision.reason);
}
