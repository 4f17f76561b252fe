import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type PaymentIntentStatus, paymentIntents, paymentRefunds } from '../../db/schema/payments.ts';
import { AppError, conflict, notFound, validationFailed } from '../../lib/app-error.ts';
import type { PaymentEvents } from './payment-events.ts';
import {
  findIntentRow,
  findIntentRowByIdempotencyKey,
  findRefundRowByIdempotencyKey,
  type PaymentIntentRow,
  refundedAmount,
  toPaymentIntent,
  toRefund,
  transitionIntent,
} from './payment-intents.repository.ts';
import type {
  CreateIntentInput,
  PaymentIntent,
  PaymentProvider,
  PaymentPublicConfig,
  PaymentWebhookEvent,
  Refund,
  RefundInput,
} from './payment-provider.ts';
import { randomAlphanumeric } from './random-id.ts';
import {
  AUTHENTICATION_FAILED_ERROR,
  checkCard,
  DECLINED_ERROR,
  NOT_A_TEST_CARD_ERROR,
  type SandboxCard,
} from './sandbox-cards.ts';
import { verifyStripeSignature } from './webhook-signature.ts';

/** How long the 3-D Secure challenge link stays usable. */
export const CHALLENGE_TTL_MS = 15 * 60 * 1000;

const CONFIRMABLE: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

export const intentNotFound = () =>
  notFound('We could not find this payment. Please start the payment again.', 'payment_intent_not_found');

function unexpectedState(status: PaymentIntentStatus): AppError {
  const message =
    status === 'succeeded'
      ? 'This payment has already been completed.'
      : status === 'canceled'
        ? 'This payment was cancelled. Please start the payment again.'
        : 'This payment is already being processed.';
  return conflict(message, 'payment_intent_unexpected_state');
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameSecret(given: string, expected: string | null): boolean {
  if (expected === null) return false;
  const a = Buffer.from(sha256(given));
  const b = Buffer.from(sha256(expected));
  return timingSafeEqual(a, b);
}

export type SandboxConfirmInput = {
  id: string;
  clientSecret: string;
  card: SandboxCard;
  /** Already checked by allowedReturnUrl. */
  returnUrl: string;
  now?: Date;
};

export type ChallengeAnswer = { intent: PaymentIntent; returnUrl: string };

/**
 * Test-mode payments kept in the database, following Stripe's PaymentIntent lifecycle:
 * requires_payment_method -> (requires_action: 3-D Secure) -> succeeded, or back to requires_payment_method with
 * last_payment_error on a decline; canceled. No money moves and no card data is kept.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly mode = 'sandbox' as const;

  constructor(
    private readonly options: {
      db: Db;
      events: PaymentEvents;
      log: FastifyBaseLogger;
      webhookSecret: string | undefined;
    },
  ) {}

  publicConfig(): PaymentPublicConfig {
    return { mode: 'sandbox', publishable_key: null };
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    assertCreateInput(input);
    const { db } = this.options;
    const id = `pi_sbx_${randomAlphanumeric(24)}`;
    const metadata = { ...input.metadata, booking_id: String(input.bookingId) };
    const [created] = await db
      .insert(paymentIntents)
      .values({
        id,
        provider: 'sandbox',
        bookingId: input.bookingId,
        amount: input.amount,
        currency: input.currency,
        status: 'requires_payment_method',
        clientSecret: `${id}_secret_${randomAlphanumeric(24)}`,
        metadata,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: [paymentIntents.provider, paymentIntents.idempotencyKey] })
      .returning();
    if (created) return toPaymentIntent(created);
    const existing = await findIntentRowByIdempotencyKey(db, 'sandbox', input.idempotencyKey);
    if (!existing) throw new Error('Idempotent payment intent vanished between insert and select');
    if (
      existing.amount !== input.amount ||
      existing.currency !== input.currency ||
      existing.bookingId !== input.bookingId ||
      JSON.stringify(sortedEntries(existing.metadata)) !== JSON.stringify(sortedEntries(metadata))
    ) {
      throw idempotencyKeyReused();
    }
    return toPaymentIntent(existing);
  }

  async retrieveIntent(id: string): Promise<PaymentIntent | null> {
    const row = await findIntentRow(this.options.db, 'sandbox', id);
    return row ? toPaymentIntent(row) : null;
  }

  async cancelIntent(id: string): Promise<PaymentIntent> {
    const canceled = await transitionIntent(this.options.db, id, CONFIRMABLE, {
      status: 'canceled',
      nextAction: null,
      challengeTokenHash: null,
    });
    if (canceled) {
      const intent = toPaymentIntent(canceled);
      await this.report(intent);
      return intent;
    }
    const row = await findIntentRow(this.options.db, 'sandbox', id);
    if (!row) throw intentNotFound();
    return toPaymentIntent(row);
  }

  async refund(input: RefundInput): Promise<Refund> {
    if (!input.idempotencyKey) throw new Error('refund needs an idempotency key');
    const { db } = this.options;
    const existing = await findRefundRowByIdempotencyKey(db, 'sandbox', input.idempotencyKey);
    if (existing) {
      if (existing.paymentIntentId !== input.intentId) throw idempotencyKeyReused();
      return toRefund(existing);
    }
    return db.transaction(async (tx) => {
      // The row lock serialises refunds of one intent, so two refunds with different keys cannot both pass the
      // "not yet refunded" check.
      const [intent] = await tx
        .select()
        .from(paymentIntents)
        .where(and(eq(paymentIntents.id, input.intentId), eq(paymentIntents.provider, 'sandbox')))
        .for('update');
      if (!intent) throw intentNotFound();
      const replay = await findRefundRowByIdempotencyKey(tx, 'sandbox', input.idempotencyKey);
      if (replay) return toRefund(replay);
      if (intent.status !== 'succeeded') {
        throw conflict(
          'This payment cannot be refunded because it has not been taken.',
          'payment_not_refundable',
        );
      }
      const remaining = intent.amount - (await refundedAmount(tx, intent.id));
      const amount = input.amount ?? remaining;
      if (remaining <= 0)
        throw conflict('This payment has already been refunded.', 'charge_already_refunded');
      if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
        throw conflict(
          'The refund is larger than what is left to refund on this payment.',
          'refund_amount_invalid',
        );
      }
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({
          id: `re_sbx_${randomAlphanumeric(24)}`,
          provider: 'sandbox',
          paymentIntentId: intent.id,
          amount,
          currency: intent.currency,
          status: 'succeeded',
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      if (!refund) throw new Error('Refund insert returned no row');
      return toRefund(refund);
    });
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentWebhookEvent {
    return verifyStripeSignature(rawBody, signatureHeader, this.options.webhookSecret);
  }

  /** The intent as the browser may see it: only with its client secret, like Stripe.js's retrievePaymentIntent. */
  async retrieveWithClientSecret(id: string, clientSecret: string): Promise<PaymentIntent> {
    const row = await findIntentRow(this.options.db, 'sandbox', id);
    if (!row || !sameSecret(clientSecret, row.clientSecret)) throw intentNotFound();
    return toPaymentIntent(row);
  }

  /**
   * The sandbox card form's confirm. Malformed card details are a 400 with per-field messages and leave the intent
   * as it was; a decline is recorded on the intent (last_payment_error) and answered 402 with Stripe's wording.
   */
  async confirmWithCard(input: SandboxConfirmInput): Promise<PaymentIntent> {
    const { db } = this.options;
    const now = input.now ?? new Date();
    const row = await findIntentRow(db, 'sandbox', input.id);
    if (!row || !sameSecret(input.clientSecret, row.clientSecret)) throw intentNotFound();
    if (!CONFIRMABLE.includes(row.status)) throw unexpectedState(row.status);

    const check = checkCard(input.card, now);
    if (!check.ok) throw validationFailed(check.fields, 'Please check your card details.');

    const transition = (set: Partial<PaymentIntentRow>) =>
      transitionIntent(db, row.id, CONFIRMABLE, { nextAction: null, challengeTokenHash: null, ...set });

    if (check.outcome === 'requires_authentication') {
      const token = randomAlphanumeric(43);
      const url = `/sandbox/3ds/${encodeURIComponent(row.id)}?token=${token}`;
      const updated = await transition({
        status: 'requires_action',
        lastPaymentError: null,
        nextAction: { type: 'redirect_to_url', redirect_to_url: { url, return_url: input.returnUrl } },
        returnUrl: input.returnUrl,
        challengeTokenHash: sha256(token),
        challengeExpiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      });
      return this.afterTransition(updated, row.id, false);
    }

    if (check.outcome === 'succeeds') {
      const updated = await transition({
        status: 'succeeded',
        lastPaymentError: null,
        returnUrl: input.returnUrl,
      });
      return this.afterTransition(updated, row.id, true);
    }

    const error = check.outcome === 'declined' ? DECLINED_ERROR : NOT_A_TEST_CARD_ERROR;
    const updated = await transition({ status: 'requires_payment_method', lastPaymentError: error });
    await this.afterTransition(updated, row.id, true);
    throw new AppError('card_declined', 402, error.message);
  }

  /** The challenge behind a 3-D Secure link, while its token is valid; null otherwise. */
  async findChallenge(id: string, token: string, now = new Date()): Promise<PaymentIntent | null> {
    const [row] = await this.options.db
      .select()
      .from(paymentIntents)
      .where(challengeCondition(id, token, now));
    return row ? toPaymentIntent(row) : null;
  }

  /**
   * Completes or fails the 3-D Secure step. The token is used up in the same statement that moves the intent,
   * so a form posted twice (or forged without the token) changes nothing. Null when the token is not valid.
   */
  async answerChallenge(
    id: string,
    token: string,
    outcome: 'complete' | 'fail',
    now = new Date(),
  ): Promise<ChallengeAnswer | null> {
    const [row] = await this.options.db
      .update(paymentIntents)
      .set({
        status: outcome === 'complete' ? 'succeeded' : 'requires_payment_method',
        lastPaymentError: outcome === 'complete' ? null : AUTHENTICATION_FAILED_ERROR,
        nextAction: null,
        challengeTokenHash: null,
        challengeExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(challengeCondition(id, token, now))
      .returning();
    if (!row?.returnUrl) return null;
    const intent = toPaymentIntent(row);
    await this.report(intent);
    return { intent, returnUrl: row.returnUrl };
  }

  private async afterTransition(
    updated: PaymentIntentRow | undefined,
    id: string,
    report: boolean,
  ): Promise<PaymentIntent> {
    if (!updated) {
      // Another request (a double click) moved the intent first.
      const current = await findIntentRow(this.options.db, 'sandbox', id);
      throw unexpectedState(current?.status ?? 'processing');
    }
    const intent = toPaymentIntent(updated);
    if (report) await this.report(intent);
    return intent;
  }

  /**
   * Tells the booking engine, as Stripe's webhook would. The intent has already changed, just as a real payment
   * has been taken whatever our own handling does, so a failing listener is logged rather than failing the
   * golfer's request; the booking engine re-reads the intent when the browser records the payment.
   */
  private async report(intent: PaymentIntent): Promise<void> {
    try {
      await this.options.events.emitPaymentIntentUpdated(intent, { source: 'sandbox' });
    } catch (error) {
      this.options.log.error({ err: error, paymentIntent: intent.id }, 'payment intent listener failed');
    }
  }
}

function challengeCondition(id: string, token: string, now: Date) {
  return and(
    eq(paymentIntents.id, id),
    eq(paymentIntents.provider, 'sandbox'),
    eq(paymentIntents.status, 'requires_action'),
    eq(paymentIntents.challengeTokenHash, sha256(token)),
    gt(paymentIntents.challengeExpiresAt, now),
  );
}

const MAX_AMOUNT_PENCE = 99_999_999;

function assertCreateInput(input: CreateIntentInput): void {
  if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > MAX_AMOUNT_PENCE) {
    throw new Error(`Payment amount must be whole pence between 1 and ${MAX_AMOUNT_PENCE}`);
  }
  if (input.currency !== 'gbp') throw new Error('Only GBP payments are supported');
  if (!Number.isInteger(input.bookingId) || input.bookingId <= 0)
    throw new Error('bookingId must be a positive integer');
  if (!input.idempotencyKey || input.idempotencyKey.length > 255) {
    throw new Error('createIntent needs an idempotency key of at most 255 characters');
  }
}

export const idempotencyKeyReused = () =>
  conflict('This payment request was already made with different details.', 'idempotency_key_in_use');

function sortedEntries(record: Record<string, string>): Array<[string, string]> {
  return Object.entries(record).sort(([a], [b]) => a.localeCompare(b));
}
