import Stripe from 'stripe';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { PaymentWebhookEvent } from './payment-provider.ts';

/** Stripe's default: a signed payload older than five minutes is refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const invalidSignature = () =>
  badRequest('The webhook signature could not be verified.', undefined, 'webhook_signature_invalid');

/**
 * Verifies a Stripe-style signature (`Stripe-Signature: t=...,v1=...`, HMAC-SHA256 of "t.rawBody") with Stripe's own
 * code, over the exact bytes received. The sandbox signs its test events the same way, so one path serves both.
 */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string | undefined,
): PaymentWebhookEvent {
  if (!secret) {
    throw new AppError('webhook_not_configured', 503, 'Payment webhooks are not configured on this server.');
  }
  if (!signatureHeader) throw invalidSignature();
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw invalidSignature();
  }
  const object = (event as { data?: { object?: { id?: unknown } } }).data?.object;
  if (typeof event.id !== 'string' || typeof event.type !== 'string') {
    throw badRequest('The webhook event is not well formed.', undefined, 'webhook_event_invalid');
  }
  return { id: event.id, type: event.type, objectId: typeof object?.id === 'string' ? object.id : null };
}

/** Signs a payload the way Stripe does: for tests and for the sandbox's own test events. */
export function signWebhookPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
