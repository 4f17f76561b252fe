import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentIntentsOf } from '../../test/stored-rows.ts';
import { apiHeaders, createTestApp, type TestApp, withCsrf } from '../../test/test-app.ts';
import type { PaymentIntent } from './payment-provider.ts';
import { intentInput } from './test/intent-input.ts';
import { confirmSandboxIntent } from './test/sandbox-confirm.ts';

let t: TestApp;
let csrf: Awaited<ReturnType<typeof withCsrf>>;
let seen: Array<{ id: string; status: string }>;
let bookingId = 1000;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await withCsrf(t.app);
  t.app.paymentEvents.onPaymentIntentUpdated((intent) => {
    seen.push({ id: intent.id, status: intent.status });
  });
});
afterAll(() => t.close());
beforeEach(() => {
  seen = [];
});

const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0025 0000 3155',
  notATestCard: '5555 5555 5555 4444',
};

async function newIntent(amount = 12_500): Promise<PaymentIntent> {
  bookingId += 1;
  return t.app.payments.createIntent(intentInput(bookingId, amount));
}

function confirm(intent: PaymentIntent, card: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return confirmSandboxIntent(t.app, csrf.headers, intent, card, {
    return_url: `/confirmation/${intent.booking_id}`,
    ...extra,
  });
}

const stored = async (id: string) => (await t.app.payments.retrieveIntent(id)) as PaymentIntent;

describe('creating intents', () => {
  it('starts in requires_payment_method with a sandbox id, a client secret and the booking in metadata', async () => {
    const intent = await newIntent();
    expect(intent).toMatchObject({ amount: 12_500, currency: 'gbp', status: 'requires_payment_method' });
    expect(intent.id).toMatch(/^pi_sbx_[A-Za-z0-9]{24}$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]{24}$`));
    expect(intent.metadata.booking_id).toBe(String(bookingId));
    expect(intent.booking_id).toBe(bookingId);
  });

  it('honours the idempotency key: the same key returns the same intent and never a second one', async () => {
    const input = intentInput(77, 5000);
    const [first, second] = await Promise.all([
      t.app.payments.createIntent(input),
      t.app.payments.createIntent(input),
    ]);
    const third = await t.app.payments.createIntent(input);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(third.client_secret).toBe(first.client_secret);
    expect(await paymentIntentsOf(t.database.db, 77)).toHaveLength(1);
  });

  it('refuses the same key with different details', async () => {
    const input = intentInput(78, 5000);
    await t.app.payments.createIntent(input);
    await expect(t.app.payments.createIntent({ ...input, amount: 6000 })).rejects.toMatchObject({
      code: 'idempotency_key_in_use',
      status: 409,
    });
  });

  it('tells the web which card form to show', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/payments/config', headers: apiHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { mode: 'sandbox', publishable_key: null } });
  });
});

describe('sandbox card outcomes', () => {
  it('4242 4242 4242 4242 succeeds and the booking engine is told', async () => {
    const intent = await newIntent();
    const response = await confirm(intent, { number: CARDS.succeeds });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.payment_intent).toMatchObject({
      id: intent.id,
      object: 'payment_intent',
      status: 'succeeded',
      amount: 12_500,
      last_payment_error: null,
      next_action: null,
    });
    expect((await stored(intent.id)).status).toBe('succeeded');
    expect(seen).toEqual([{ id: intent.id, status: 'succeeded' }]);
  });

  it("4000 0000 0000 0002 is declined with Stripe's wording and can then be paid with another card", async () => {
    const intent = await newIntent();
    const declined = await confirm(intent, { number: CARDS.declined });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: { code: 'card_declined', message: 'Your card was declined.' } });
    const afterDecline = await stored(intent.id);
    expect(afterDecline.status).toBe('requires_payment_method');
    expect(afterDecline.last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
    });

    const paid = await confirm(intent, { number: CARDS.succeeds });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.payment_intent).toMatchObject({ status: 'succeeded', last_payment_error: null });
    expect(seen.map((update) => update.status)).toEqual(['requires_payment_method', 'succeeded']);
  });

  it('declines a valid number that is not a test card, saying so', async () => {
    const intent = await newIntent();
    const response = await confirm(intent, { number: CARDS.notATestCard });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.code).toBe('card_declined');
    expect(response.json().error.message).toMatch(/^Your card number is not a test card/);
    expect((await stored(intent.id)).last_payment_error?.decline_code).toBe('test_mode_live_card');
  });

  it('refuses malformed card details field by field and leaves the intent as it was', async () => {
    const intent = await newIntent();
    const response = await confirm(intent, {
      number: '4242 4242 4242 4241',
      exp_month: 1,
      exp_year: 2020,
      cvc: '1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: {
        'card.number': 'Your card number is incorrect.',
        'card.exp_year': "Your card's expiration date is in the past.",
        'card.cvc': "Your card's security code is invalid.",
      },
    });
    const unchanged = await stored(intent.id);
    expect(unchanged).toMatchObject({ status: 'requires_payment_method', last_payment_error: null });
    expect(seen).toEqual([]);
  });

  it('answers a wrong client secret like an unknown intent, and changes nothing', async () => {
    const intent = await newIntent();
    const wrong = await confirm(
      intent,
      { number: CARDS.succeeds },
      { client_secret: `${intent.id}_secret_forged` },
    );
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/sandbox/payment_intents/pi_sbx_doesnotexist/confirm',
      headers: csrf.headers,
      payload: {
        client_secret: 'x',
        card: { number: CARDS.succeeds, exp_month: 12, exp_year: 2040, cvc: '123' },
        return_url: '/confirmation/1',
      },
    });
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('payment_intent_not_found');
    expect((await stored(intent.id)).status).toBe('requires_payment_method');
  });

  it('will not confirm a paid intent again (a double-clicked pay charges once)', async () => {
    const intent = await newIntent();
    const [first, second] = await Promise.all([
      confirm(intent, { number: CARDS.succeeds }),
      confirm(intent, { number: CARDS.succeeds }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const again = await confirm(intent, { number: CARDS.succeeds });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'payment_intent_unexpected_state',
      message: 'This payment has already been completed.',
    });
    expect(seen).toEqual([{ id: intent.id, status: 'succeeded' }]);
  });

  it('refuses a return address on another site', async () => {
    const intent = await newIntent();
    for (const returnUrl of ['https://evil.example/steal', '//evil.example/x', 'javascript:alert(1)']) {
      const response = await confirm(intent, { number: CARDS.succeeds }, { return_url: returnUrl });
      expect(response.statusCode, returnUrl).toBe(400);
      expect(response.json().error.fields.return_url).toBe('The return address must be a page on this site.');
    }
    expect((await stored(intent.id)).status).toBe('requires_payment_method');
  });

  it('lets the holder of the client secret read the intent, and nobody else', async () => {
    const intent = await newIntent();
    const read = (secret: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/sandbox/payment_intents/${intent.id}?client_secret=${encodeURIComponent(secret)}`,
        headers: apiHeaders(),
      });
    const ok = await read(intent.client_secret ?? '');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.payment_intent).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    expect((await read('nope')).statusCode).toBe(404);
  });
});

describe('3-D Secure (4000 0025 0000 3155)', () => {
  async function startChallenge(returnUrl = '/confirmation/55?nl=newly_subscribed') {
    const intent = await newIntent();
    const response = await confirm(intent, { number: CARDS.threeDSecure }, { return_url: returnUrl });
    expect(response.statusCode).toBe(200);
    const confirmed = response.json().data.payment_intent;
    expect(confirmed.status).toBe('requires_action');
    expect(confirmed.next_action.type).toBe('redirect_to_url');
    const url: string = confirmed.next_action.redirect_to_url.url;
    expect(url).toMatch(new RegExp(`^/sandbox/3ds/${intent.id}\\?token=[A-Za-z0-9]{43}$`));
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    return { intent, url, token };
  }

  const answer = (intent: PaymentIntent, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox/3ds/${intent.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('serves a test-mode challenge page with no inline script or style, under the site CSP', async () => {
    const { url, token } = await startChallenge();
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toContain("style-src 'self'");
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect(page.body).toContain('£125.00');
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect(page.body).toContain('<link rel="stylesheet" href="/sandbox/3ds.css">');
    // The site's icon, so the browser does not ask for a missing /favicon.ico (a 404 in the console).
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // The site's one brand, not another name.
    expect(page.body).toContain('<dt>Merchant</dt><dd>The Links</dd>');
    expect(page.body).not.toMatch(/<script|<style|style=/i);
    const css = await t.app.inject({ method: 'GET', url: '/sandbox/3ds.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('completing returns to the return URL with the redirect parameters, and the token works once', async () => {
    const { intent, token } = await startChallenge();
    expect(seen).toEqual([]);
    const response = await answer(intent, { token, outcome: 'complete' });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location), 'http://site');
    expect(location.pathname).toBe('/confirmation/55');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      nl: 'newly_subscribed',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });
    expect((await stored(intent.id)).status).toBe('succeeded');
    expect(seen).toEqual([{ id: intent.id, status: 'succeeded' }]);

    const replay = await answer(intent, { token, outcome: 'fail' });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('no longer valid');
    expect((await stored(intent.id)).status).toBe('succeeded');
    const reopened = await t.app.inject({ method: 'GET', url: `/sandbox/3ds/${intent.id}?token=${token}` });
    expect(reopened.statusCode).toBe(404);
  });

  it('failing returns with redirect_status=failed and leaves the intent payable with another card', async () => {
    const { intent, token } = await startChallenge('http://localhost:3000/confirmation/56');
    const response = await answer(intent, { token, outcome: 'fail' });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe('http://localhost:3000');
    expect(location.searchParams.get('redirect_status')).toBe('failed');
    const failed = await stored(intent.id);
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.last_payment_error?.code).toBe('payment_intent_authentication_failure');
    expect((await confirm(intent, { number: CARDS.succeeds })).statusCode).toBe(200);
  });

  it('refuses a forged answer (no token, a wrong token, another intent) and changes nothing', async () => {
    const { intent, token } = await startChallenge();
    const other = await startChallenge();
    expect((await answer(intent, { outcome: 'complete' })).statusCode).toBe(400);
    expect((await answer(intent, { token: 'A'.repeat(43), outcome: 'complete' })).statusCode).toBe(400);
    expect((await answer(intent, { token: other.token, outcome: 'complete' })).statusCode).toBe(400);
    expect((await answer(intent, { token, outcome: 'maybe' })).statusCode).toBe(400);
    expect((await stored(intent.id)).status).toBe('requires_action');
    expect(seen).toEqual([]);
  });

  it('shows the invalid-link page for unknown or tokenless challenge links', async () => {
    const { intent } = await startChallenge();
    for (const url of [
      `/sandbox/3ds/${intent.id}`,
      `/sandbox/3ds/${intent.id}?token=${'b'.repeat(43)}`,
      '/sandbox/3ds/pi_sbx_x?token=abc',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('This authentication link is no longer valid');
    }
  });
});

describe('refunds', () => {
  it('refund once per idempotency key, never more than was paid', async () => {
    const intent = await newIntent(9000);
    await expect(
      t.app.payments.refund({ intentId: intent.id, idempotencyKey: 'refund:early' }),
    ).rejects.toMatchObject({ code: 'payment_not_refundable', status: 409 });
    await confirm(intent, { number: CARDS.succeeds });
    const first = await t.app.payments.refund({ intentId: intent.id, idempotencyKey: `refund:${intent.id}` });
    const again = await t.app.payments.refund({ intentId: intent.id, idempotencyKey: `refund:${intent.id}` });
    expect(first).toMatchObject({
      payment_intent: intent.id,
      amount: 9000,
      currency: 'gbp',
      status: 'succeeded',
    });
    expect(first.id).toMatch(/^re_sbx_/);
    expect(again).toEqual(first);
    await expect(
      t.app.payments.refund({ intentId: intent.id, idempotencyKey: 'refund:another-key' }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded', status: 409 });
  });
});

describe('hostile bodies', () => {
  it('answer malformed, wrongly typed and oversized bodies with a 4xx envelope', async () => {
    const intent = await newIntent();
    const url = `/v1/sandbox/payment_intents/${intent.id}/confirm`;
    const cases = [
      { payload: '{"client_secret":', status: 400, code: 'invalid_json' },
      { payload: JSON.stringify({ client_secret: 5, card: 'x' }), status: 400, code: 'validation_failed' },
      { payload: '{"__proto__":{"admin":true}}', status: 400 },
      {
        payload: JSON.stringify({ client_secret: 'x'.repeat(200 * 1024) }),
        status: 413,
        code: 'payload_too_large',
      },
    ];
    for (const { payload, status, code } of cases) {
      const response = await t.app.inject({ method: 'POST', url, headers: csrf.headers, payload });
      expect(response.statusCode, payload.slice(0, 40)).toBe(status);
      expect(response.json().error.code).toBe(code ?? response.json().error.code);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
    const form = await t.app.inject({
      method: 'POST',
      url: `/sandbox/3ds/${intent.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${'a'.repeat(10 * 1024)}`,
    });
    expect(form.statusCode).toBe(413);
    const json3ds = await t.app.inject({
      method: 'POST',
      url: `/sandbox/3ds/${intent.id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"token":"x","outcome":"complete"}',
    });
    expect(json3ds.statusCode).toBeGreaterThanOrEqual(400);
    expect(json3ds.statusCode).toBeLessThan(500);
  });
});
