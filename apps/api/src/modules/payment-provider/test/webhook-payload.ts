import { randomBytes } from 'node:crypto';
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
