import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signWebhookPayload } from '../webhook-signature.ts';

/** A Stripe-shaped event about an object, as JSON text, and its Stripe-Signature header. */
export function signedEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; timestamp?: number } = {},
): { id: string; payload: string; signature: string } {
  const id = options.id ?? `evt_${randomBytes(12).toString('hex')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return { id, payload, signature: signWebhookPayload(payload, secret, options.timestamp) };
}

/** POST /v1/webhooks/stripe as Stripe sends an event: its JSON and signature, no API key or CSRF token. */
export function deliverEvent(
  app: FastifyInstance,
  event: { payload: string; signature: string },
  contentType = 'application/json',
) {
  return app.inject({
    method: 'POST',
    url: '/v1/webhooks/stripe',
    headers: { 'content-type': contentType, 'stripe-signature': event.signature },
    payload: event.payload,
  });
}
