import type { Tx } from '../../db/client.ts';
import type { RefundReason } from '../../db/schema/payments.ts';
import { notFound } from '../../lib/app-error.ts';
import { BOOKING_MESSAGES } from '../bookings/booking-messages.ts';
import { markRefundPending, readSettlement } from '../payment-provider/payment-intents.repository.ts';
import type { PaymentIntent } from '../payment-provider/payment-provider.ts';
import { type ConfirmOutcome, type LockedBooking, lockBooking } from './confirm-booking.ts';

/** What settling a paid intent comes to under its booking's row lock: the booking paid with it, or a refund. */
export type Decision =
  | { kind: 'confirmed'; outcome: ConfirmOutcome }
  | { kind: 'refund'; reason: RefundReason };

/**
 * The start every settlement shares (a hold's payment, a due payment): the booking row locked, the outcome to answer
 * with, `refund(reason)` recording the refund decision on the intent before the provider is asked (so no later path
 * can use it), and `earlier`: the decision an earlier settlement of this intent made, which stands.
 */
export async function openDecision(tx: Tx, intent: PaymentIntent, bookingId: number) {
  const booking: LockedBooking | undefined = await lockBooking(tx, bookingId);
  if (!booking) throw notFound(BOOKING_MESSAGES.unknownBooking, 'booking_not_found');
  const outcome = {
    bookingId: booking.id,
    bookingNumber: booking.bookingNumber,
    sessionKey: booking.sessionKey,
  };
  const refund = async (reason: RefundReason): Promise<Decision> => {
    await markRefundPending(tx, intent.id, reason);
    return { kind: 'refund', reason };
  };
  const settled = await readSettlement(tx, intent.id);
  let earlier: Decision | null = null;
  if (settled?.settlement === 'confirmed') {
    earlier = { kind: 'confirmed', outcome: { ...outcome, newlyConfirmed: false } };
  } else if (settled?.settlement === 'refund_pending' || settled?.settlement === 'refunded') {
    earlier = { kind: 'refund', reason: settled.settlementReason ?? 'amount_mismatch' };
  }
  return { booking, outcome, refund, earlier };
}
