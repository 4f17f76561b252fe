import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders } from '../../test/test-app.ts';
import { createSeededApp, type SeededApp } from '../tee-sheet/tee-sheet-test-data.ts';

let t: SeededApp;

beforeAll(async () => {
  t = await createSeededApp(new Date('2026-11-21T12:00:00Z'));
});
afterAll(async () => t?.close());

async function players(query: string) {
  return t.app.inject({ method: 'GET', url: `/v1/players${query}`, headers: apiHeaders() });
}

describe('GET /v1/players', () => {
  it('returns the requested player types, adult first', async () => {
    const response = await players('?types=1,3');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { id: 1, name: 'Adult' },
      { id: 3, name: 'Under 16' },
    ]);
  });

  it('returns only the requested ids that exist, once each', async () => {
    expect((await players('?types=3,99,3')).json().data).toEqual([{ id: 3, name: 'Under 16' }]);
    expect((await players('?types=99')).json().data).toEqual([]);
  });

  it('returns every type without a list', async () => {
    expect((await players('')).json().data.map((type: { id: number }) => type.id)).toEqual([1, 2, 3]);
  });

  it.each(['abc', '1,,3', '0', '-1', '1;3', ''])('refuses types=%s with 400', async (types) => {
    const response = await players(`?types=${encodeURIComponent(types)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('types');
  });
});
