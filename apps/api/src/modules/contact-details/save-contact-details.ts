import type { IndividualPlayerDetails } from '@links/shared/schemas/contact-details';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError, conflict, notFound, unauthorized } from '../../lib/app-error.ts';
import { SIGNED_OUT_MESSAGE } from '../auth/current-operator.ts';
import { BOOKING_MESSAGES } from '../bookings/booking-messages.ts';
import { type LockedBooking, lockBooking } from '../payment/confirm-booking.ts';
import { cancelIntentIfOpen } from '../payment-provider/cancel-open-intent.ts';
import type { PaymentIntent } from '../payment-provider/payment-provider.ts';

/** What this use case needs of the app (any object with these members: the app, or a test's own). */
export type ContactDetailsDeps = Pick<FastifyInstance, 'db' | 'log' | 'payments'>;

export const NOTHING_TO_PAY_MESSAGE =
  'This booking has nothing to pay by card. Please contact us to complete it.';

/** Same key for the same booking and amount: a retried Continue reuses the intent instead of opening another. */
export const paymentIntentKey = (bookingId: number, amount: number) =>
  `booking-${bookingId}-amount-${amount}`;

/**
 * The held booking of this browser session, locked, or the answer that explains why it cannot change: 404 for
 * an unknown booking or another session's (ids are sequential), 409 once confirmed, 410 once cancelled or lapsed.
 */
export async function lockOwnHeldBooking(
  tx: Tx,
  bookingId: number,
  sessionKey: string,
): Promise<LockedBooking> {
  const row = await lockBooking(tx, bookingId);
  if (!row || row.sessionKey !== sessionKey)
    throw notFound(BOOKING_MESSAGES.unknownBooking, 'booking_not_found');
  if (row.status === 'confirmed') throw conflict(BOOKING_MESSAGES.confirmed, 'booking_confirmed');
  if (row.status === 'cancelled') throw new AppError('booking_cancelled', 410, BOOKING_MESSAGES.cancelled);
  if (row.status === 'expired' || !row.holdActive) {
    throw new AppError('booking_expired', 410, BOOKING_MESSAGES.expired);
  }
  return row;
}

/**
 * Step 2 Continue: stores the golfer's details on the held booking of this browser session, then opens (or
 * reuses) the payment intent for the server's payable amount. The provider call happens outside any
 * transaction so a slow provider never holds the booking row lock.
 */
export async function saveContactDetails(
  deps: ContactDetailsDeps,
  bookingId: number,
  details: IndividualPlayerDetails,
  sessionKey: string,
) {
  const booking = await deps.db.transaction(async (tx) => {
    const row = await lockOwnHeldBooking(tx, bookingId, sessionKey);
    // Made while a tour operator was signed in with this session, which has since ended: only they may go on.
    if (row.operatorId !== null) throw unauthorized(SIGNED_OUT_MESSAGE);
    const [updated] = await tx
      .update(bookings)
      .set({ playerDetails: details, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id))
      .returning({
        bookingNumber: bookings.bookingNumber,
        payablePence: bookings.payablePence,
        paymentIntentId: bookings.paymentIntentId,
      });
    if (!updated) throw new Error('The locked booking vanished');
    return updated;
  });

  const amount = booking.payablePence ?? 0;
  if (amount <= 0) throw new AppError('nothing_to_pay', 409, NOTHING_TO_PAY_MESSAGE);
  const intent = await openPaymentIntent(deps, {
    bookingId,
    bookingNumber: booking.bookingNumber,
    amount,
    previousIntentId: booking.paymentIntentId,
  });
  return { payment_intent: intentAnswer(intent), confirmation_url: null };
}

export function intentAnswer(intent: PaymentIntent) {
  return {
    id: intent.id,
    client_secret: intent.client_secret,
    amount: intent.amount,
    status: intent.status,
    metadata: intent.metadata,
  };
}

/**
 * Opens (or reuses) the intent for this booking and amount and records it on the still-held booking; an earlier
 * intent for another amount is cancelled. A reused intent that was cancelled meanwhile (the amount changed and
 * then changed back) is replaced by a new one, keyed on the cancelled one so a retry still finds the same intent.
 */
export async function openPaymentIntent(
  deps: ContactDetailsDeps,
  input: {
    bookingId: number;
    bookingNumber: string;
    amount: number;
    previousIntentId: string | null;
    metadata?: Record<string, string>;
    /** Defaults to paymentIntentKey(bookingId, amount). */
    idempotencyKey?: string;
  },
): Promise<PaymentIntent> {
  const { bookingId, amount } = input;
  const baseKey = input.idempotencyKey ?? paymentIntentKey(bookingId, amount);
  let key = baseKey;
  let intent: PaymentIntent | undefined;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    intent = await deps.payments.createIntent({
      amount,
      currency: 'gbp',
      bookingId,
      metadata: { booking_number: input.bookingNumber, ...input.metadata },
      idempotencyKey: key,
    });
    if (intent.status !== 'canceled') break;
    key = `${baseKey}-after-${intent.id}`;
  }
  if (!intent || intent.status === 'canceled') throw new Error('Could not open a payment intent');
  if (input.previousIntentId !== intent.id) {
    // Only while the booking is still held: a webhook may have confirmed it with the earlier intent meanwhile.
    await deps.db
      .update(bookings)
      .set({ paymentIntentId: intent.id, updatedAt: sql`now()` })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'held')));
    if (input.previousIntentId) await cancelIntentIfOpen(deps.payments, deps.log, input.previousIntentId);
  }
  return intent;
}
