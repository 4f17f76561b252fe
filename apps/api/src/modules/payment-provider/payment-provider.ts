import type { PaymentIntentStatus, StoredNextAction, StoredPaymentError } from '../../db/schema/payments.ts';

export type { PaymentIntentStatus } from '../../db/schema/payments.ts';

export type PaymentMode = 'sandbox' | 'stripe';

/** The provider's view of a payment intent, in Stripe's shape (snake_case, integer pence). */
export type PaymentIntent = {
  id: string;
  /** Null only when the provider did not disclose it (never for intents this server created). */
  client_secret: string | null;
  amount: number;
  currency: string;
  status: PaymentIntentStatus;
  metadata: Record<string, string>;
  /** From metadata.booking_id; null when the intent was not created by this server. */
  booking_id: number | null;
  last_payment_error: StoredPaymentError | null;
  next_action: StoredNextAction | null;
};

export type Refund = {
  id: string;
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
};

export type CreateIntentInput = {
  /** Integer pence, above 0. */
  amount: number;
  currency: 'gbp';
  bookingId: number;
  /** Extra metadata (string values); booking_id is always added. */
  metadata?: Record<string, string>;
  /** Mandatory: the same key returns the same intent, so a retried request can never open a second one. */
  idempotencyKey: string;
};

export type RefundInput = {
  intentId: string;
  /** Pence; the full amount when omitted. */
  amount?: number;
  /** Mandatory: the same key returns the same refund, so money is returned once. */
  idempotencyKey: string;
};

/** A verified webhook event: only what the handler needs. */
export type PaymentWebhookEvent = {
  id: string;
  type: string;
  /** The id of the object the event is about (for payment_intent.* events, the intent id). */
  objectId: string | null;
};

/** What the web needs to render the card form: the sandbox form, or Stripe's Payment Element. */
export type PaymentPublicConfig =
  | { mode: 'sandbox'; publishable_key: null }
  | { mode: 'stripe'; publishable_key: string };

/**
 * One interface for the sandbox and Stripe. Callers never branch on the mode except to pick the card form.
 * Every method reads or writes the provider's truth; nothing here trusts what a browser reported.
 */
export interface PaymentProvider {
  readonly mode: PaymentMode;
  publicConfig(): PaymentPublicConfig;
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  /** The intent as the provider has it now, or null when there is no such intent. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /** Cancels an intent that has not succeeded (an abandoned booking); a final intent is returned unchanged. */
  cancelIntent(id: string): Promise<PaymentIntent>;
  refund(input: RefundInput): Promise<Refund>;
  /** Verifies the signature over the raw body; throws a 400 AppError when it does not match. */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentWebhookEvent;
}

/** Final states: once there, an intent never changes again, whatever arrives later. */
export const FINAL_INTENT_STATUSES: ReadonlySet<PaymentIntentStatus> = new Set(['succeeded', 'canceled']);

export function bookingIdFromMetadata(metadata: Record<string, string>): number | null {
  const value = metadata.booking_id;
  if (value === undefined || !/^[1-9]\d{0,15}$/.test(value)) return null;
  return Number(value);
}
