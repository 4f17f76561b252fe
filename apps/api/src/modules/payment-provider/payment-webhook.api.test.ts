import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { processedWebhookEvents } from '../../db/schema/payments.ts';
import { createTestApp, type TestApp, withCsrf } from '../../test/test-app.ts';
import { payWithCard } from '../contact-details/operator-test-helpers.ts';
import type { PaymentIntent } from './payment-provider.ts';
import { deliverEvent, signedEvent } from './test/webhook-payload.ts';

// The webhook path in sandbox mode: the same verification, replay and ordering rules as with Stripe, with events
// signed by STRIPE_WEBHOOK_SECRET like Stripe signs them.

const SECRET = 'whsec_test_sandbox_0123456789abcdef';
let t: TestApp;
let csrf: Awaited<ReturnType<typeof withCsrf>>;
let seen: Array<{ id: string; status: string; source: string; eventId?: string }>;
let failListener = false;
let bookingId = 2000;

beforeAll(async () => {
  t = await createTestApp({ stripeWebhookSecret: SECRET });
  csrf = await withCsrf(t.app);
  t.app.paymentEvents.onPaymentIntentUpdated((intent, update) => {
    if (failListener && update.source === 'webhook') throw new Error('booking engine unavailable');
    seen.push({ id: intent.id, status: intent.status, source: update.source, eventId: update.eventId });
  });
});
afterAll(() => t.close());
beforeEach(() => {
  seen = [];
  failListener = false;
});

async function paidIntent(cards: string[] = ['4242424242424242']): Promise<PaymentIntent> {
  bookingId += 1;
  const intent = await t.app.payments.createIntent({
    amount: 4000,
    currency: 'gbp',
    bookingId,
    idempotencyKey: `booking:${bookingId}`,
  });
  for (const number of cards) await payWithCard(t, csrf, intent, number);
  seen = [];
  return intent;
}

function deliver(payload: string, signature?: string, contentType = 'application/json; charset=utf-8') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/stripe',
    // No API key, requested-with or CSRF token: Stripe sends none of them.
    headers: {
      'content-type': contentType,
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    payload,
  });
}

describe('POST /v1/webhooks/stripe', () => {
  it('verifies the signature, re-reads the intent and hands it to the booking engine', async () => {
    const intent = await paidIntent();
    // The event's copy claims something else: only the provider's current answer counts.
    const event = signedEvent(SECRET, 'payment_intent.succeeded', {
      id: intent.id,
      status: 'succeeded',
      amount: 1,
    });
    const response = await deliver(event.payload, event.signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { received: true, event_id: event.id, outcome: 'processed' } });
    expect(seen).toEqual([{ id: intent.id, status: 'succeeded', source: 'webhook', eventId: event.id }]);
  });

  it('rejects a forged or missing signature with 400 and does nothing', async () => {
    const intent = await paidIntent();
    const genuine = signedEvent(SECRET, 'payment_intent.succeeded', { id: intent.id });
    const forged = signedEvent('whsec_someone_else', 'payment_intent.succeeded', { id: intent.id });
    const tampered = genuine.payload.replace('payment_intent.succeeded', 'payment_intent.payment_failed');
    const stale = signedEvent(
      SECRET,
      'payment_intent.succeeded',
      { id: intent.id },
      {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      },
    );
    for (const [payload, signature] of [
      [forged.payload, forged.signature],
      [tampered, genuine.signature],
      [stale.payload, stale.signature],
      [genuine.payload, undefined],
      [genuine.payload, 't=1,v1=abc'],
    ] as const) {
      const response = await deliver(payload, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'webhook_signature_invalid',
        message: 'The webhook signature could not be verified.',
      });
    }
    expect(seen).toEqual([]);
    const recorded = await t.database.db.select().from(processedWebhookEvents);
    expect(recorded.map((row) => row.id)).not.toContain(forged.id);
  });

  it('processes a replayed event once and acknowledges the replays', async () => {
    const intent = await paidIntent();
    const event = signedEvent(SECRET, 'payment_intent.succeeded', { id: intent.id });
    const first = await deliver(event.payload, event.signature);
    const replays = await Promise.all([1, 2, 3].map(() => deliver(event.payload, event.signature)));
    expect(first.json().data.outcome).toBe('processed');
    for (const replay of replays) {
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data.outcome).toBe('duplicate');
    }
    expect(seen).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, event.id));
    expect(row).toMatchObject({ status: 'processed', type: 'payment_intent.succeeded' });
  });

  it('never reports an intent backwards when events arrive out of order', async () => {
    // Declined first (payment_failed event), then paid (succeeded event); Stripe delivers them the other way round.
    const intent = await paidIntent(['4000000000000002', '4242424242424242']);
    const failed = signedEvent(SECRET, 'payment_intent.payment_failed', {
      id: intent.id,
      status: 'requires_payment_method',
    });
    const succeeded = signedEvent(SECRET, 'payment_intent.succeeded', { id: intent.id, status: 'succeeded' });
    expect((await deliver(succeeded.payload, succeeded.signature)).statusCode).toBe(200);
    expect((await deliver(failed.payload, failed.signature)).statusCode).toBe(200);
    expect(seen.map((update) => update.status)).toEqual(['succeeded', 'succeeded']);
    expect((await t.app.payments.retrieveIntent(intent.id))?.status).toBe('succeeded');
  });

  it('acknowledges and ignores unknown event types and unknown intents', async () => {
    const unknownType = signedEvent(SECRET, 'customer.created', { id: 'cus_123' });
    const unknownIntent = signedEvent(SECRET, 'payment_intent.succeeded', { id: 'pi_sbx_nobody' });
    for (const event of [unknownType, unknownIntent]) {
      const response = await deliver(event.payload, event.signature);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.outcome).toBe('ignored');
    }
    expect(seen).toEqual([]);
  });

  it('answers 500 when the booking engine fails, so the provider retries, and processes the retry', async () => {
    const intent = await paidIntent();
    const event = signedEvent(SECRET, 'payment_intent.succeeded', { id: intent.id });
    failListener = true;
    const failedAttempt = await deliver(event.payload, event.signature);
    expect(failedAttempt.statusCode).toBe(500);
    expect(failedAttempt.json().error.code).toBe('internal_error');
    failListener = false;
    const retry = await deliver(event.payload, event.signature);
    expect(retry.json().data.outcome).toBe('processed');
    expect(seen).toHaveLength(1);
  });

  it('answers bad and oversized bodies with a 4xx envelope', async () => {
    const notJson = 'this is not json';
    const signedGarbage = signedEvent(SECRET, 'x', {}).signature.replace(/v1=\w+/, 'v1=00');
    expect((await deliver(notJson, signedGarbage)).statusCode).toBe(400);
    expect((await deliver('', 't=1,v1=00')).statusCode).toBe(400);
    expect((await deliver('<xml/>', 't=1,v1=00', 'application/xml')).statusCode).toBe(415);
    const big = await deliver(JSON.stringify({ pad: 'x'.repeat(200 * 1024) }), 't=1,v1=00');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload_too_large');
  });

  it('refuses events when no webhook secret is configured', async () => {
    const bare = await createTestApp();
    try {
      const event = signedEvent(SECRET, 'payment_intent.succeeded', { id: 'pi_sbx_x' });
      const response = await deliverEvent(bare.app, event);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('webhook_not_configured');
    } finally {
      await bare.close();
    }
  });
});
