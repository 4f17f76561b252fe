import { PAYMENT_INTENT_STATUSES, REFUND_REASONS, type RefundReason } from '@links/shared/schemas/payments';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

// Payment intents and refunds. For the sandbox provider these rows ARE the intents; with Stripe they mirror
// what Stripe answered (Stripe stays the truth) so the booking engine can look intents up by booking and so a
// late, stale answer can never move an intent out of a final state.

export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

const statusList = sql.raw(PAYMENT_INTENT_STATUSES.map((status) => `'${status}'`).join(', '));

export type StoredPaymentError = {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
};

/**
 * How the booking engine settled an intent: 'confirmed' (it paid for its booking), 'refund_pending' (it cannot, the
 * refund is decided but not yet acknowledged by the provider), 'refunded', or 'canceled' (it ended unpaid).
 */
export const PAYMENT_SETTLEMENTS = ['confirmed', 'refund_pending', 'refunded', 'canceled'] as const;
export type PaymentSettlement = (typeof PAYMENT_SETTLEMENTS)[number];

export { REFUND_REASONS, type RefundReason };

const settlementList = sql.raw(PAYMENT_SETTLEMENTS.map((value) => `'${value}'`).join(', '));
const refundReasonList = sql.raw(REFUND_REASONS.map((value) => `'${value}'`).join(', '));

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
    /** Null while the booking engine has not settled the intent (the reconciliation job looks at those). */
    settlement: text().$type<PaymentSettlement>(),
    /** For a refund: why the payment could not confirm its booking. */
    settlementReason: text().$type<RefundReason>(),
    /** When the settlement became final (confirmed, refunded, canceled); null while refund_pending. */
    settledAt: instant(),
    /** When the reconciliation job may next look at the unsettled intent (a lease while one instance does). */
    reconcileAt: instant().notNull().defaultNow(),
    /** Reconciliation attempts that failed (provider or database down): payments that need attention. */
    reconcileFailures: integer().notNull().default(0),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check('payment_intents_status_known', sql`${table.status} in (${statusList})`),
    check(
      'payment_intents_settlement_known',
      sql`${table.settlement} is null or ${table.settlement} in (${settlementList})`,
    ),
    check(
      'payment_intents_settlement_reason_known',
      sql`${table.settlementReason} is null or ${table.settlementReason} in (${refundReasonList})`,
    ),
    // The reconciliation job scans only intents not yet settled.
    index('payment_intents_unsettled_idx').on(table.reconcileAt).where(sql`${table.settledAt} is null`),
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
