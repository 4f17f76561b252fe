import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../db/schema/payments.ts';
import { apiHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { intentInput } from './test/intent-input.ts';
import { StripeFake } from './test/stripe-fake.ts';
import { deliverEvent, signedEvent } from './test/webhook-payload.ts';

// The Stripe adapter through the real stripe-node client, pointed at a local fake of Stripe's HTTP API.

const WEBHOOK_SECRET = 'whsec_test_stripe_0123456789abcdef';
let fake: StripeFake;
let t: TestApp;
let seen: Array<{ id: string; status: string; amount: number }>;

beforeAll(async () => {
  fake = await new StripeFake().start();
  t = await createTestApp({
    stripe: {
      secretKey: fake.secretKey,
      publishableKey: 'pk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      api: fake.api,
    },
  });
  t.app.paymentEvents.onPaymentIntentUpdated((intent) => {
    seen.push({ id: intent.id, status: intent.status, amount: intent.amount });
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  seen = [];
});

const create = (bookingId: number, key = `booking:${bookingId}:payment`) =>
  t.app.payments.createIntent({
    amount: 25_000,
    currency: 'gbp',
    bookingId,
    metadata: { booking_number: '481516' },
    idempotencyKey: key,
  });

describe('Stripe adapter', () => {
  it('is chosen when STRIPE_SECRET_KEY is set, and gives the web the publishable key', async () => {
    expect(t.app.payments.mode).toBe('stripe');
    const response = await t.app.inject({ method: 'GET', url: '/v1/payments/config', headers: apiHeaders() });
    expect(response.json()).toEqual({ data: { mode: 'stripe', publishable_key: 'pk_test_fake' } });
    const sandboxRoute = await t.app.inject({
      method: 'GET',
      url: '/v1/sandbox/payment_intents/pi_x?client_secret=x',
      headers: apiHeaders(),
    });
    expect(sandboxRoute.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/3ds.css' })).statusCode).toBe(404);
  });

  it('creates a PaymentIntent with automatic payment methods and an idempotency key: twice is one intent', async () => {
    const first = await create(501);
    const second = await create(501);
    expect(second.id).toBe(first.id);
    expect(fake.intents.size).toBe(1);
    expect(first).toMatchObject({
      amount: 25_000,
      currency: 'gbp',
      status: 'requires_payment_method',
      booking_id: 501,
      metadata: { booking_id: '501', booking_number: '481516' },
    });
    expect(first.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    const creates = fake.requests.filter((request) => request.path === '/v1/payment_intents');
    expect(creates).toHaveLength(2);
    for (const request of creates) {
      expect(request.idempotencyKey).toBe('booking:501:payment');
      expect(request.body).toMatchObject({
        amount: '25000',
        currency: 'gbp',
        automatic_payment_methods: { enabled: 'true' },
      });
    }
    const mirrored = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, first.id));
    expect(mirrored).toHaveLength(1);
    expect(mirrored[0]).toMatchObject({ provider: 'stripe', bookingId: 501, clientSecret: null });
  });

  it('retrieves intents from Stripe (the truth), and null for unknown ones', async () => {
    const created = await create(502);
    fake.setStatus(created.id, 'succeeded');
    expect(await t.app.payments.retrieveIntent(created.id)).toMatchObject({
      id: created.id,
      status: 'succeeded',
    });
    expect(await t.app.payments.retrieveIntent('pi_unknown123')).toBeNull();
    expect(await t.app.payments.retrieveIntent('../v1/refunds')).toBeNull();
  });

  it('never moves a recorded final state backwards, whatever Stripe answers later', async () => {
    const created = await create(503);
    fake.setStatus(created.id, 'succeeded');
    await t.app.payments.retrieveIntent(created.id);
    fake.setStatus(created.id, 'requires_payment_method');
    expect((await t.app.payments.retrieveIntent(created.id))?.status).toBe('succeeded');
  });

  it('refunds idempotently: the same key twice is one refund', async () => {
    const created = await create(504);
    fake.setStatus(created.id, 'succeeded');
    const first = await t.app.payments.refund({
      intentId: created.id,
      idempotencyKey: `refund:${created.id}`,
    });
    const second = await t.app.payments.refund({
      intentId: created.id,
      idempotencyKey: `refund:${created.id}`,
    });
    expect(second).toEqual(first);
    expect(first).toMatchObject({ payment_intent: created.id, amount: 25_000, status: 'succeeded' });
    expect(fake.refunds.size).toBe(1);
    await expect(
      t.app.payments.refund({ intentId: created.id, idempotencyKey: 'refund:second' }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded', status: 409 });
  });

  it('cancels an open intent and leaves a paid one alone', async () => {
    const open = await create(505);
    expect((await t.app.payments.cancelIntent(open.id)).status).toBe('canceled');
    const paid = await create(506);
    fake.setStatus(paid.id, 'succeeded');
    expect((await t.app.payments.cancelIntent(paid.id)).status).toBe('succeeded');
  });

  it('turns the same key with other details into a 409, and Stripe being unreachable into a 502', async () => {
    await create(507, 'booking:507:key');
    await expect(t.app.payments.createIntent(intentInput(507, 1, 'booking:507:key'))).rejects.toMatchObject({
      code: 'idempotency_key_in_use',
      status: 409,
    });
    const offline = await createTestApp({
      stripe: {
        secretKey: fake.secretKey,
        publishableKey: 'pk_test_fake',
        webhookSecret: WEBHOOK_SECRET,
        api: { host: '127.0.0.1', port: 9, protocol: 'http' },
      },
    });
    try {
      await expect(offline.app.payments.createIntent(intentInput(1, 100, 'k'))).rejects.toMatchObject({
        code: 'payment_provider_unavailable',
        status: 502,
      });
    } finally {
      await offline.close();
    }
  }, 60_000);

  it('handles a signed webhook by re-reading the intent from Stripe', async () => {
    const created = await create(508);
    fake.setStatus(created.id, 'succeeded');
    // The payload lies about the amount and status; the handler must report what Stripe says.
    const event = signedEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', {
      id: created.id,
      amount: 1,
      status: 'succeeded',
    });
    const response = await deliverEvent(t.app, event, 'application/json; charset=utf-8');
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ id: created.id, status: 'succeeded', amount: 25_000 }]);

    const late = signedEvent(WEBHOOK_SECRET, 'payment_intent.payment_failed', { id: created.id });
    fake.setStatus(created.id, 'requires_payment_method');
    await deliverEvent(t.app, late);
    expect(seen.map((update) => update.status)).toEqual(['succeeded', 'succeeded']);
  });
});
