import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, createTestApp, type TestApp } from '../test-app.ts';

// Answers must not be kept by a browser or proxy cache unless the route says they may (reference data does):
// GET /v1/sandbox/payment_intents/{id} returned a payment's client secret with no cache-control at all. So every
// /csrf and /v1 answer, refusals included, is no-store unless its route sets a policy of its own.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers = apiHeaders()) => t.app.inject({ method: 'GET', url, headers });

describe('cache-control on API answers', () => {
  it('keeps the client secret of a sandbox payment intent out of every cache', async () => {
    const intent = await t.app.payments.createIntent({
      amount: 5500,
      currency: 'gbp',
      bookingId: 4242,
      idempotencyKey: 'booking:4242:payment:1',
    });
    const read = await get(
      `/v1/sandbox/payment_intents/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret ?? '')}`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain(intent.client_secret);
    expect(read.headers['cache-control']).toBe('no-store');
    const refused = await get(`/v1/sandbox/payment_intents/${intent.id}?client_secret=wrong`);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('answers no-store by default, refusals included', async () => {
    for (const url of ['/v1/time', '/v1/payments/config', '/v1/openapi.json', '/v1/maintenance', '/csrf']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-store');
    }
    const refused = await get('/v1/time', {});
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('gives every GET route a caching policy, its own or no-store', async () => {
    const routes = t.app.routeList.filter(
      (route) => route.method === 'GET' && /^\/(v1|csrf)/.test(route.url) && !route.url.includes(':'),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const response = await get(route.url);
      expect(response.headers['cache-control'], `${route.url} (${response.statusCode})`).toBeDefined();
    }
    // Reference data keeps its own, shared policy.
    expect((await get('/v1/courses')).headers['cache-control']).toMatch(/max-age/);
  });
});
