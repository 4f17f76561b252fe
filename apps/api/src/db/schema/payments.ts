import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Payment intents and refunds. For the sandbox provider these rows ARE the intents; with Stripe they mirror
// what Stripe answered (Stripe stays the truth) so the booking engine can look intents up by booking and so a
// late, stale answer can never move an intent out of a final state.

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;

export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

const statusList = sql.raw(PAYMENT_INTENT_STATUSES.map((status) => `'${status}'`).join(', '));

export type StoredPaymentError = {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
};

export type StoredNextAction = {
  type: 'redirect_to_url';
  redirect_to_url: { url: string; return_url: string };
};

export const paymentIntents = pgTable(
  'payment_intents',
  {
    /** 'pi_sbx_...' in the sandbox, Stripe's id otherwise. */
    id: text().primaryKey(),
    provider: text().$type<'sandbox' | 'stripe'>().notNull(),
    bookingId: integer().notNull(),
    /** Integer pence. */
    amount: integer().notNull(),
    currency: text().notNull(),
    status: text().$type<PaymentIntentStatus>().notNull(),
    /** Sandbox only: Stripe's client secrets are never stored, they are read from Stripe when needed. */
    clientSecret: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text(),
    lastPaymentError: jsonb().$type<StoredPaymentError>(),
    nextAction: jsonb().$type<StoredNextAction>(),
    /** Sandbox 3-D Secure: where the challenge page sends the browser back to. */
    returnUrl: text(),
    /** Sandbox 3-D Secure: sha256 of the one-time token that authorises the challenge answer. */
    challengeTokenHash: text(),
    challengeExpiresAt: instant(),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check('payment_intents_status_known', sql`${table.status} in (${statusList})`),
    check('payment_intents_amount_positive', sql`${table.amount} > 0`),
    check('payment_intents_provider_known', sql`${table.provider} in ('sandbox', 'stripe')`),
    uniqueIndex('payment_intents_idempotency_key_unique').on(table.provider, table.idempotencyKey),
    index('payment_intents_booking_id_index').on(table.bookingId),
  ],
);

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    /** 're_sbx_...' in the sandbox, Stripe's id otherwise. */
    id: text().primaryKey(),
    provider: text().$type<'sandbox' | 'stripe'>().notNull(),
    paymentIntentId: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    status: text().$type<'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action'>().notNull(),
    idempotencyKey: text(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check('payment_refunds_amount_positive', sql`${table.amount} > 0`),
    uniqueIndex('payment_refunds_idempotency_key_unique').on(table.provider, table.idempotencyKey),
    index('payment_refunds_payment_intent_index').on(table.paymentIntentId),
  ],
);

/**
 * Webhook event ids seen, so a replayed or re-sent event is acknowledged and not processed twice. A row is
 * 'processing' while one instance handles it (others answer 409 so the provider retries later) and 'processed'
 * once done; a failed attempt deletes its row so the provider's retry runs it again.
 */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  status: text().$type<'processing' | 'processed'>().notNull(),
  receivedAt: instant().notNull().defaultNow(),
  processedAt: instant(),
});
