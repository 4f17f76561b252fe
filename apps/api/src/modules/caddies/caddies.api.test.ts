import { caddiePriceFor } from '@links/shared/caddies';
import { CADDIE_FALLBACK_PRICE_PENCE } from '@links/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, withCsrf } from '../../test/test-app.ts';
import { createSeededApp, type SeededApp } from '../tee-sheet/tee-sheet-test-data.ts';

let t: SeededApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createSeededApp(new Date('2026-06-10T10:00:00Z'));
  ({ headers } = await withCsrf(t.app));
});
afterAll(async () => t?.close());

async function caddiePrices(body: unknown, requestHeaders = headers) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/caddies/prices',
    headers: requestHeaders,
    payload: JSON.stringify(body),
  });
}

describe('POST /v1/caddies/prices', () => {
  it('returns the ranges covering the start date and those after it, in date order, cacheable for 12 hours', async () => {
    const response = await caddiePrices({ startDate: '2026-06-15' });
    expect(response.statusCode).toBe(200);
    const ranges = response.json().data as Array<{
      id: number;
      start_date: string;
      end_date: string;
      price: number;
    }>;
    expect(ranges.map(({ start_date, end_date, price }) => ({ start_date, end_date, price }))).toEqual([
      { start_date: '2026-04-01', end_date: '2026-10-31', price: 6500 },
      { start_date: '2026-11-01', end_date: '2027-03-31', price: 6000 },
      { start_date: '2027-04-01', end_date: '2027-10-31', price: 6500 },
      { start_date: '2027-11-01', end_date: '2028-03-31', price: 6000 },
    ]);
    expect(response.headers['cache-control']).toBe('private, max-age=43200');
    // The client prices from these with the shared rule; beyond the last range the fallback applies.
    expect(caddiePriceFor('2026-12-25', ranges)).toBe(6000);
    expect(caddiePriceFor('2028-06-01', ranges)).toBe(CADDIE_FALLBACK_PRICE_PENCE);
  });

  it('leaves out ranges that ended before the start date', async () => {
    const response = await caddiePrices({ startDate: '2027-11-01' });
    expect(response.json().data.map((range: { start_date: string }) => range.start_date)).toEqual([
      '2027-11-01',
    ]);
  });

  it.each([
    ['an impossible date', { startDate: '2026-02-30' }],
    ['a malformed date', { startDate: '15/06/2026' }],
    ['no date', {}],
    ['a number', { startDate: 20260615 }],
  ])('refuses %s with 400', async (_label, body) => {
    const response = await caddiePrices(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('startDate');
  });

  it('needs the anti-forgery token like every POST', async () => {
    const response = await caddiePrices(
      { startDate: '2026-06-15' },
      apiHeaders({ 'content-type': 'application/json' }),
    );
    expect(response.statusCode).toBe(403);
  });
});
