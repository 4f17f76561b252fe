import { COURSE_IDS } from '@links/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCsrf } from '../../test/test-app.ts';
import { createSeededApp, type SeededApp } from '../tee-sheet/tee-sheet-test-data.ts';

// Wednesday 10 June 2026. Seeded demo fees (pence, VAT inclusive): Championship 32100 summer / 16500 winter,
// Burnside 9500 / 5500, Buddon Links 7900 / 4500; under 16 half; combination packages 1 April - 31 October.
const NOW = new Date('2026-06-10T10:00:00Z');
const { championship, burnside, buddonLinks } = COURSE_IDS;
const ADULT = 1;
const UNDER_16 = 3;

let t: SeededApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createSeededApp(NOW);
  ({ headers } = await withCsrf(t.app));
});
afterAll(async () => t?.close());

type Golfer = { id: number; playerTypeId: number };
type Round = { id: number; teeTime: { date: string } };

const golfers = (...types: number[]): Golfer[] =>
  types.map((playerTypeId, index) => ({ id: index + 1, playerTypeId }));
const round = (id: number, date: string): Round => ({ id, teeTime: { date } });

async function prices(body: unknown) {
  return t.app.inject({ method: 'POST', url: '/v1/tickets/prices', headers, payload: JSON.stringify(body) });
}

type PricedGolfer = {
  id: number;
  net_price: number;
  total_vat: number;
  total_price: number;
  tickets: Array<{ label: string; course_ids: number[]; price: number }>;
  ticket_label: string;
};

async function priced(golferList: Golfer[], rounds: Round[]) {
  const response = await prices({ golfers: golferList, courses: rounds });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as {
    golfers: PricedGolfer[];
    totals: { net: number; vat: number; payable: number };
  };
  for (const golfer of data.golfers) expect(golfer.net_price + golfer.total_vat).toBe(golfer.total_price);
  expect(data.totals.net + data.totals.vat).toBe(data.totals.payable);
  return data;
}

describe('POST /v1/tickets/prices', () => {
  it('prices a single summer round per golfer from the fee tables, VAT included', async () => {
    const data = await priced(golfers(ADULT, UNDER_16), [round(championship, '2026-07-01')]);
    expect(data.golfers.map((golfer) => golfer.total_price)).toEqual([32100, 16050]);
    expect(data.golfers[0]).toMatchObject({ id: 1, net_price: 26750, total_vat: 5350 });
    expect(data.golfers[0]?.ticket_label).toBe('Championship Course');
    expect(data.totals.payable).toBe(48150);
  });

  it('applies a combination when two courses are three days apart in July', async () => {
    const data = await priced(golfers(ADULT), [
      round(championship, '2026-07-01'),
      round(burnside, '2026-07-04'),
    ]);
    expect(data.golfers[0]?.total_price).toBe(37500);
    expect(data.golfers[0]?.ticket_label).toBe('Championship & Burnside Combination');
    expect(data.golfers[0]?.tickets).toEqual([
      { label: 'Championship & Burnside Combination', course_ids: [championship, burnside], price: 37500 },
    ]);
  });

  it('charges single rates when the rounds are eight days apart', async () => {
    const data = await priced(golfers(ADULT), [
      round(championship, '2026-07-01'),
      round(burnside, '2026-07-09'),
    ]);
    expect(data.golfers[0]?.total_price).toBe(32100 + 9500);
    expect(data.golfers[0]?.tickets).toHaveLength(2);
  });

  it('charges single winter rates in November, outside the combination season', async () => {
    const data = await priced(golfers(ADULT), [
      round(championship, '2026-11-10'),
      round(burnside, '2026-11-12'),
    ]);
    expect(data.golfers[0]?.total_price).toBe(16500 + 5500);
  });

  it('picks the cheapest cover of three courses: the three-course ticket', async () => {
    const data = await priced(golfers(ADULT, UNDER_16), [
      round(buddonLinks, '2026-07-03'),
      round(championship, '2026-07-01'),
      round(burnside, '2026-07-02'),
    ]);
    expect(data.golfers.map((golfer) => golfer.total_price)).toEqual([43500, 21750]);
    expect(data.golfers[0]?.ticket_label).toBe('Three Course Ticket');
  });

  it('keeps net + VAT = total on odd pence (VAT split per golfer)', async () => {
    // 21750 / 1.2 = 18125 exactly; 7900 / 1.2 = 6583.33: the net rounds and the VAT takes the remainder.
    const data = await priced(golfers(ADULT, ADULT, ADULT), [round(buddonLinks, '2026-07-01')]);
    expect(data.golfers[0]).toMatchObject({ net_price: 6583, total_vat: 1317, total_price: 7900 });
    expect(data.totals).toEqual({ net: 3 * 6583, vat: 3 * 1317, payable: 3 * 7900 });
  });
});

describe('POST /v1/tickets/prices: bad input', () => {
  it.each([
    ['no golfers', { golfers: [], courses: [round(championship, '2026-07-01')] }, 'golfers'],
    [
      'five golfers',
      { golfers: golfers(1, 1, 1, 1, 1), courses: [round(championship, '2026-07-01')] },
      'golfers',
    ],
    [
      'the same course twice',
      {
        golfers: golfers(ADULT),
        courses: [round(championship, '2026-07-01'), round(championship, '2026-07-02')],
      },
      'courses',
    ],
    ['no courses', { golfers: golfers(ADULT), courses: [] }, 'courses'],
    [
      'an impossible date',
      { golfers: golfers(ADULT), courses: [round(championship, '2026-02-30')] },
      'courses.0.teeTime.date',
    ],
    [
      'a golfer without a type',
      { golfers: [{ id: 1 }], courses: [round(championship, '2026-07-01')] },
      'golfers.0.playerTypeId',
    ],
  ])('refuses %s with 400 and names the field', async (_label, body, field) => {
    const response = await prices(body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(field);
  });

  it('refuses an unknown player type', async () => {
    const response = await prices({ golfers: golfers(9), courses: [round(championship, '2026-07-01')] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'unknown_player_type',
      message: 'There is no player type with id 9.',
      fields: { 'golfers.0.playerTypeId': 'Please choose a player type for each golfer.' },
    });
  });

  it('refuses an unknown course', async () => {
    const response = await prices({ golfers: golfers(ADULT), courses: [round(3, '2026-07-01')] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'unknown_course',
      message: 'There is no course with id 3.',
    });
  });

  it('refuses dates before today and after the closing date', async () => {
    const past = await prices({ golfers: golfers(ADULT), courses: [round(championship, '2026-06-09')] });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe('date_not_bookable');
    const late = await prices({ golfers: golfers(ADULT), courses: [round(championship, '2027-11-01')] });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(
      'Championship Course cannot be booked on Monday 1st November 2027.',
    );
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/tickets/prices',
      headers,
      payload: '{"golfers":',
    });
    expect(response.statusCode).toBe(400);
  });
});
