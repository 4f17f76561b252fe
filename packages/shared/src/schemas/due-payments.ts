import { z } from 'zod';
import { BOOKING_NUMBER_PATTERN } from './confirmation-messages';
import { dataEnvelope } from './envelope';

// Paying what is due on a confirmed booking, online (issue 24): the deposit's rest or the balance of a tour operator's
// booking, paid by card from the booking page by whoever may open it (the operator signed in, or anyone holding the
// signed link of a reminder e-mail). Partial payments are allowed; never more than is due.

/** The least a part payment may be, in pence (a smaller due is paid whole). */
export const MIN_DUE_PAYMENT_PENCE = 100;

export const DUE_PAYMENT_MESSAGES = {
  nothingDue: 'Nothing is due on this booking.',
  notConfirmed: 'Only a confirmed booking can be paid.',
  played:
    'This booking has been played, so it can no longer be paid online. Please call our reservations team.',
  tooMuch: (due: string) => `You can pay at most ${due}, the amount due on this booking.`,
  tooLittle: (least: string) => `Please pay at least ${least}.`,
  amount: 'Please enter the amount to pay in pounds, for example 120.00.',
  notThisBooking: 'This payment does not belong to this booking.',
  notPaid: 'We have not received your payment yet. Please complete the payment and try again.',
  /** After a card payment that went through but could not be used (the due changed meanwhile): refunded in full. */
  refunded: (amount: string) =>
    `The amount due on this booking changed while you were paying, so your payment of ${amount} could not be used and has been refunded in full to your card. Please check what is due now.`,
} as const;

const bookingNumber = z
  .string({ error: 'The booking number does not match the address.' })
  .regex(BOOKING_NUMBER_PATTERN, { error: 'The booking number does not match the address.' });

/** POST /v1/bookings/:bookingNumber/due-payments: opens a card payment of `amount` pence. */
export const startDuePaymentBodySchema = z.object({
  booking_id: bookingNumber,
  amount: z
    .number({ error: DUE_PAYMENT_MESSAGES.amount })
    .int({ error: DUE_PAYMENT_MESSAGES.amount })
    .positive({ error: DUE_PAYMENT_MESSAGES.amount })
    .max(100_000_000, { error: DUE_PAYMENT_MESSAGES.amount }),
});
export type StartDuePaymentBody = z.infer<typeof startDuePaymentBodySchema>;

export const duePaymentIntentSchema = z.object({
  /** The provider's intent id. */
  payment_intent: z.string(),
  /** What the card form confirms with (the sandbox's or Stripe's client secret). */
  client_secret: z.string(),
  amount: z.number().int().positive(),
});
export type DuePaymentIntent = z.infer<typeof duePaymentIntentSchema>;
export const duePaymentIntentResponseSchema = dataEnvelope(duePaymentIntentSchema);

/** POST /v1/bookings/:bookingNumber/due-payments/record: the provider says it is paid; the booking takes it. */
export const recordDuePaymentBodySchema = z.object({
  booking_id: bookingNumber,
  payment_intent: z
    .string({ error: 'The payment intent is required' })
    .trim()
    .min(1, { error: 'The payment intent is required' })
    .max(255),
});
export type RecordDuePaymentBody = z.infer<typeof recordDuePaymentBodySchema>;

/** Pounds as typed ('120', '120.5', '£1,200.00') to pence, or null when it is not an amount. */
export function poundsToPence(text: string): number | null {
  const cleaned = text.trim().replace(/^£/, '').replaceAll(',', '').trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
