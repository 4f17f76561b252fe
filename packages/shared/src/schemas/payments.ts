import { z } from 'zod';
import { dataEnvelope } from './envelope';

/** Why the booking engine refunded a paid card payment itself instead of confirming its booking. */
export const REFUND_REASONS = ['amount_mismatch', 'paid_twice', 'booking_cancelled', 'places_gone'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** A card payment's states, named as Stripe names them (the API's record of an intent keeps the same). */
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;

/** GET /v1/payments/config: which card provider takes payments (the server decides; its CSP allows Stripe.js only then). */
export const paymentConfigResponseSchema = dataEnvelope(
  z.object({ mode: z.enum(['sandbox', 'stripe']), publishable_key: z.string().nullable() }),
);

/** Why a card payment failed, in Stripe's shape (`card_declined`, `generic_decline`, the message to show). */
export const providerPaymentErrorSchema = z.object({
  type: z.enum(['card_error', 'invalid_request_error']),
  code: z.string(),
  decline_code: z.string().optional(),
  message: z.string(),
});
export type ProviderPaymentError = z.infer<typeof providerPaymentErrorSchema>;

/** What a browser holding the client secret may see of an intent (Stripe.js shows the same fields). */
export const publicPaymentIntentSchema = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  client_secret: z.string().nullable(),
  last_payment_error: providerPaymentErrorSchema.nullable(),
  next_action: z
    .object({
      type: z.literal('redirect_to_url'),
      redirect_to_url: z.object({ url: z.string(), return_url: z.string() }),
    })
    .nullable(),
});
export type PublicPaymentIntent = z.infer<typeof publicPaymentIntentSchema>;

/** The sandbox card API's answers (GET and confirm), the test-mode stand-in for Stripe.js's. */
export const sandboxIntentResponseSchema = dataEnvelope(
  z.object({ payment_intent: publicPaymentIntentSchema }),
);

/** POST /v1/sandbox/payment_intents/{id}/confirm. */
export const sandboxConfirmBodySchema = z.object({
  client_secret: z.string().min(1, 'The client secret is required.').max(512),
  card: z.object({
    number: z.string().max(40),
    exp_month: z
      .number()
      .int()
      .min(1, "Your card's expiration month is invalid.")
      .max(12, "Your card's expiration month is invalid."),
    exp_year: z.number().int().min(0).max(9999),
    cvc: z.string().max(8),
  }),
  return_url: z.string().min(1).max(2048),
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBodySchema>;
