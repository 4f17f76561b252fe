import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentEvents } from './payment-events.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  claimWebhookEvent,
  markWebhookEventProcessed,
  releaseWebhookEvent,
} from './webhook-events.repository.ts';

/** Event types that report a change the booking engine acts on; every other type is acknowledged and ignored. */
export const HANDLED_WEBHOOK_EVENTS: ReadonlySet<string> = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

export type WebhookOutcome = { event_id: string; outcome: 'processed' | 'ignored' | 'duplicate' };

/**
 * One provider webhook delivery: verify the signature over the raw bytes, process each event id once, and never
 * trust the event's copy of the intent: re-read it from the provider, so an old event delivered late reports the
 * intent as it is now (and the recorded final state is never undone), then hand it to the booking engine.
 */
export async function handlePaymentWebhook(options: {
  db: Db;
  provider: PaymentProvider;
  events: PaymentEvents;
  rawBody: Buffer | string;
  signature: string | undefined;
}): Promise<WebhookOutcome> {
  const { db, provider, events } = options;
  const event = provider.verifyWebhook(options.rawBody, options.signature);

  const claim = await claimWebhookEvent(db, event);
  if (claim === 'processed') return { event_id: event.id, outcome: 'duplicate' };
  if (claim === 'in_progress') {
    // Not 2xx: if the instance holding it fails, the provider must still retry this event.
    throw new AppError('webhook_in_progress', 409, 'This event is already being processed.');
  }

  try {
    let outcome: WebhookOutcome['outcome'] = 'ignored';
    if (HANDLED_WEBHOOK_EVENTS.has(event.type) && event.objectId) {
      const intent = await provider.retrieveIntent(event.objectId);
      if (intent) {
        await events.emitPaymentIntentUpdated(intent, { source: 'webhook', eventId: event.id });
        outcome = 'processed';
      }
    }
    await markWebhookEventProcessed(db, event.id);
    return { event_id: event.id, outcome };
  } catch (error) {
    await releaseWebhookEvent(db, event.id);
    throw error;
  }
}
