import type { IndividualPlayerDetails } from '@links/shared/schemas/contact-details';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { BOOKING_MESSAGES } from '../bookings/booking-messages.ts';
import { findBookingForUpdate } from '../bookings/bookings.repository.ts';
import { FINAL_INTENT_STATUSES } from '../payments/payment-provider.ts';

export const NOTHING_TO_PAY_MESSAGE =
  'This booking has nothing to pay by card. Please contact us to complete it.';

/** Same key for the same booking and amount: a retried Continue reuses the intent instead of opening another. */
export const paymentIntentKey = (bookingId: number, amount: number) =>
  `booking-${bookingId}-amount-${amount}`;

/**
 * Step 2 Continue: stores the golfer's details on the held booking of this browser session, then opens (or
 * reuses) the payment intent for the server's payable amount. The provider call happens outside any
 * transaction so a slow provider never holds the booking row lock.
 */
export async function saveContactDetails(
  app: FastifyInstance,
  bookingId: number,
  details: IndividualPlayerDetails,
  sessionKey: string,
) {
  const booking = await app.db.transaction(async (tx) => {
    const row = await findBookingForUpdate(tx, bookingId);
    // Another session's booking answers exactly like a missing one (ids are sequential).
    if (!row || row.sessionKey !== sessionKey)
      throw notFound(BOOKING_MESSAGES.unknownBooking, 'booking_not_found');
    if (row.status === 'confirmed') throw conflict(BOOKING_MESSAGES.confirmed, 'booking_confirmed');
    if (row.status === 'cancelled') throw new AppError('booking_cancelled', 410, BOOKING_MESSAGES.cancelled);
    if (row.status === 'expired' || !row.holdActive) {
      throw new AppError('booking_expired', 410, BOOKING_MESSAGES.expired);
    }
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
  const intent = await app.payments.createIntent({
    amount,
    currency: 'gbp',
    bookingId,
    metadata: { booking_number: booking.bookingNumber },
    idempotencyKey: paymentIntentKey(bookingId, amount),
  });
  if (booking.paymentIntentId !== intent.id) {
    // Only while the booking is still held: a webhook may have confirmed it with the earlier intent meanwhile.
    await app.db
      .update(bookings)
      .set({ paymentIntentId: intent.id, updatedAt: sql`now()` })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'held')));
    if (booking.paymentIntentId) await cancelSuperseded(app, booking.paymentIntentId);
  }
  return {
    payment_intent: {
      id: intent.id,
      client_secret: intent.client_secret,
      amount: intent.amount,
      status: intent.status,
      metadata: intent.metadata,
    },
    confirmation_url: null,
  };
}

/** The booking's price changed since its last intent: that intent can no longer confirm it, so close it. */
async function cancelSuperseded(app: FastifyInstance, intentId: string): Promise<void> {
  try {
    const previous = await app.payments.retrieveIntent(intentId);
    if (previous && !FINAL_INTENT_STATUSES.has(previous.status)) await app.payments.cancelIntent(intentId);
  } catch (error) {
    // Harmless if it stays open: recording it would fail the amount check.
    app.log.warn({ err: error, paymentIntent: intentId }, 'could not cancel a superseded payment intent');
  }
}
