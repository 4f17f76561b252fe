import { PAYMENT_INTENT_STATUSES } from '@links/shared/schemas/payments';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { type PaymentIntentStatus, paymentRefunds } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordProviderIntent } from './payment-intents.repository.ts';
import {
  bookingIdFromMetadata,
  type CreateIntentInput,
  FINAL_INTENT_STATUSES,
  type PaymentIntent,
  type PaymentProvider,
  type PaymentPublicConfig,
  type PaymentWebhookEvent,
  type Refund,
  type RefundInput,
} from './payment-provider.ts';
import { verifyStripeSignature } from './webhook-signature.ts';

type StripeSettings = NonNullable<AppConfig['stripe']>;

const providerUnavailable = () =>
  new AppError(
    'payment_provider_unavailable',
    502,
    'We could not reach our payment provider. Please try again in a moment.',
  );

/**
 * Stripe's PaymentIntents with automatic payment methods. Every create and refund carries an idempotency key, so
 * stripe-node's automatic retries (and ours) can never charge or refund twice. What Stripe answers is recorded in
 * payment_intents (a mirror, never the truth) so a final state is kept whatever arrives later.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  readonly #stripe: Stripe;

  constructor(private readonly options: { db: Db; settings: StripeSettings; log: FastifyBaseLogger }) {
    const { settings } = options;
    this.#stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'links-booking-portal' },
      ...(settings.api && {
        host: settings.api.host,
        port: settings.api.port,
        protocol: settings.api.protocol,
      }),
    });
  }

  publicConfig(): PaymentPublicConfig {
    return { mode: 'stripe', publishable_key: this.options.settings.publishableKey };
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    if (!input.idempotencyKey) throw new Error('createIntent needs an idempotency key');
    const created = await this.#call(() =>
      this.#stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          automatic_payment_methods: { enabled: true },
          metadata: { ...input.metadata, booking_id: String(input.bookingId) },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return recordProviderIntent(this.options.db, 'stripe', fromStripe(created));
  }

  async retrieveIntent(id: string): Promise<PaymentIntent | null> {
    // Stripe ids are short tokens; anything else cannot exist and must not reach the URL path.
    if (!/^pi_[A-Za-z0-9_]{1,250}$/.test(id)) return null;
    let found: Stripe.PaymentIntent;
    try {
      found = await this.#stripe.paymentIntents.retrieve(id);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return null;
      throw this.#translate(error);
    }
    return recordProviderIntent(this.options.db, 'stripe', fromStripe(found));
  }

  async cancelIntent(id: string): Promise<PaymentIntent> {
    const current = await this.retrieveIntent(id);
    if (!current) {
      throw new AppError('payment_intent_not_found', 404, 'We could not find this payment.');
    }
    if (FINAL_INTENT_STATUSES.has(current.status) || current.status === 'processing') return current;
    try {
      const canceled = await this.#stripe.paymentIntents.cancel(id);
      return recordProviderIntent(this.options.db, 'stripe', fromStripe(canceled));
    } catch (error) {
      // It moved on (succeeded or was canceled) between our read and the cancel: report where it is now.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'payment_intent_unexpected_state'
      ) {
        return (await this.retrieveIntent(id)) ?? current;
      }
      throw this.#translate(error);
    }
  }

  async refund(input: RefundInput): Promise<Refund> {
    if (!input.idempotencyKey) throw new Error('refund needs an idempotency key');
    const refund = await this.#call(() =>
      this.#stripe.refunds.create(
        { payment_intent: input.intentId, ...(input.amount !== undefined && { amount: input.amount }) },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    const result: Refund = {
      id: refund.id,
      payment_intent: input.intentId,
      amount: refund.amount,
      currency: refund.currency,
      status: refundStatus(refund.status),
    };
    await this.options.db
      .insert(paymentRefunds)
      .values({
        id: result.id,
        provider: 'stripe',
        paymentIntentId: result.payment_intent,
        amount: result.amount,
        currency: result.currency,
        status: result.status,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing();
    return result;
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentWebhookEvent {
    return verifyStripeSignature(rawBody, signatureHeader, this.options.settings.webhookSecret);
  }

  async #call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw this.#translate(error);
    }
  }

  /** Stripe's errors stay in our logs (they hold no card data); the caller gets a plain 4xx/5xx AppError. */
  #translate(error: unknown): AppError {
    if (error instanceof Stripe.errors.StripeError) {
      this.options.log.error(
        {
          stripeType: error.type,
          stripeCode: error.code,
          statusCode: error.statusCode,
          requestId: error.requestId,
        },
        'stripe request failed',
      );
      if (error.type === 'StripeIdempotencyError') {
        return new AppError(
          'idempotency_key_in_use',
          409,
          'This payment request was already made with different details.',
        );
      }
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'charge_already_refunded'
      ) {
        return new AppError('charge_already_refunded', 409, 'This payment has already been refunded.');
      }
      return providerUnavailable();
    }
    this.options.log.error({ err: error }, 'stripe request failed');
    return providerUnavailable();
  }
}

function fromStripe(intent: Stripe.PaymentIntent): PaymentIntent {
  const error = intent.last_payment_error;
  const redirect = intent.next_action?.redirect_to_url;
  const metadata = { ...intent.metadata };
  return {
    id: intent.id,
    client_secret: intent.client_secret,
    amount: intent.amount,
    currency: intent.currency,
    status: intentStatus(intent.status),
    metadata,
    booking_id: bookingIdFromMetadata(metadata),
    last_payment_error: error
      ? {
          type: error.type === 'card_error' ? 'card_error' : 'invalid_request_error',
          code: error.code ?? 'payment_failed',
          ...(error.decline_code && { decline_code: error.decline_code }),
          message: error.message ?? 'The payment failed.',
        }
      : null,
    next_action:
      intent.next_action?.type === 'redirect_to_url' && redirect?.url
        ? {
            type: 'redirect_to_url',
            redirect_to_url: { url: redirect.url, return_url: redirect.return_url ?? '' },
          }
        : null,
  };
}

function intentStatus(status: string): PaymentIntentStatus {
  if ((PAYMENT_INTENT_STATUSES as readonly string[]).includes(status)) return status as PaymentIntentStatus;
  // Only manual capture (never requested here) produces requires_capture: authorised, not yet taken. A status
  // Stripe adds later is treated the same way: not final, and certainly not paid.
  return 'processing';
}

function refundStatus(status: string | null): Refund['status'] {
  switch (status) {
    case 'succeeded':
    case 'failed':
    case 'canceled':
    case 'requires_action':
      return status;
    default:
      return 'pending';
  }
}
