import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, greenFees } from '../../db/schema/index.ts';
import { apiHeaders, type TestApp, withCsrf } from '../../test/test-app.ts';
import type { Browser } from '../auth/test/auth-test-helpers.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import { confirmedBooking } from '../confirmation/confirmation-test-helpers.ts';
import { addStaffUser, sendFrom, staffSessionBrowser } from './test/staff-test-helpers.ts';

// Issue 23, prices: an admin changes a green fee; what the public flow charges for a new booking changes, a booking
// already made keeps its price; each change is kept as history; the preview uses the public pricing code.

const NOW = new Date('2026-03-20T09:05:00Z');
const PLAY_DATE = '2026-05-27';
const { burnside } = COURSE_IDS;
const ADULT = 1;

let t: TestApp;
let admin: Browser;
let desk: Browser;

beforeAll(async () => {
  t = await createBookingApp(NOW);
  admin = await staffSessionBrowser(
    t,
    (await addStaffUser(t, { username: 'price.admin', role: 'admin', name: 'Isla Prices' })).id,
    'full',
  );
  desk = await staffSessionBrowser(
    t,
    (await addStaffUser(t, { username: 'price.desk', role: 'reservations' })).id,
    'full',
  );
});
afterAll(async () => t?.close());

type Prices = {
  seasons: { id: number; name: string; start_date: string; end_date: string }[];
  player_types: { id: number; name: string }[];
  green_fees: { course_id: number; player_type_id: number; season_id: number; price: number }[];
  history: { by: string; before: number | null; after: number; season_id: number }[];
};

const prices = async (browser = desk) =>
  (await sendFrom(t.app, browser, 'GET', '/v1/staff/prices')).json().data as Prices;
const setFee = (body: object, browser = admin) =>
  sendFrom(t.app, browser, 'PUT', '/v1/staff/prices/green-fees', body);
const preview = (playerTypeId: number, browser = desk) =>
  sendFrom(t.app, browser, 'POST', '/v1/staff/prices/preview', {
    golfers: [{ id: 1, playerTypeId }],
    courses: [{ id: burnside, teeTime: { date: PLAY_DATE } }],
  });
const publicPrice = async () => {
  const csrf = await withCsrf(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/tickets/prices',
    headers: csrf.headers,
    payload: {
      golfers: [{ id: 1, playerTypeId: ADULT }],
      courses: [{ id: burnside, teeTime: { date: PLAY_DATE } }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.totals.payable as number;
};

describe('green fees', () => {
  it('a change applies to new bookings and not to one already made, and is kept as history', async () => {
    const before = await prices();
    const season = before.seasons.find((each) => each.start_date <= PLAY_DATE && PLAY_DATE <= each.end_date);
    expect(season, `a season holds ${PLAY_DATE}`).toBeDefined();
    const fee = before.green_fees.find(
      (each) => each.course_id === burnside && each.player_type_id === ADULT && each.season_id === season!.id,
    );
    expect(fee).toBeDefined();
    expect(before.history).toEqual([]);
    const oldPrice = fee!.price;
    expect(await publicPrice()).toBe(oldPrice);
    expect((await preview(ADULT)).json().data.totals.payable).toBe(oldPrice);

    const made = await confirmedBooking(
      t.app,
      t.database.db,
      await withCsrf(t.app),
      [{ courseId: burnside, date: PLAY_DATE, time: '10:00' }],
      [ADULT],
    );
    const payableOf = async (id: number) =>
      (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.payablePence;
    expect(await payableOf(made.bookingId)).toBe(oldPrice);

    const newPrice = oldPrice + 1_250;
    const changed = await setFee({
      course_id: burnside,
      player_type_id: ADULT,
      season_id: season!.id,
      price: newPrice,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.history).toEqual([
      expect.objectContaining({
        by: 'Isla Prices',
        before: oldPrice,
        after: newPrice,
        season_id: season!.id,
      }),
    ]);
    // The public flow charges the new fee at once on this instance; the booking already made keeps its price.
    expect(await publicPrice()).toBe(newPrice);
    expect((await preview(ADULT)).json().data.totals.payable).toBe(newPrice);
    expect(await payableOf(made.bookingId)).toBe(oldPrice);
    const detail = await sendFrom(t.app, desk, 'GET', `/v1/staff/bookings/${made.bookingNumber}`);
    expect(detail.json().data.confirmation.totals.payable).toBe(oldPrice);
    const next = await confirmedBooking(
      t.app,
      t.database.db,
      await withCsrf(t.app),
      [{ courseId: burnside, date: PLAY_DATE, time: '10:30' }],
      [ADULT],
    );
    expect(await payableOf(next.bookingId)).toBe(newPrice);

    // The same price again changes and records nothing.
    await setFee({ course_id: burnside, player_type_id: ADULT, season_id: season!.id, price: newPrice });
    expect((await prices()).history).toHaveLength(1);
  });

  it('refuses bad prices and unknown rows with a clear message, changing nothing', async () => {
    const before = await t.database.db.select().from(greenFees);
    const season = (await prices()).seasons[0]!;
    const valid = { course_id: burnside, player_type_id: ADULT, season_id: season.id, price: 10_000 };
    for (const [body, text] of [
      [{ ...valid, price: -1 }, 'Please enter a price from £0.00 to £2,000.00'],
      [{ ...valid, price: 12.5 }, 'Please enter a price from £0.00 to £2,000.00'],
      [{ ...valid, price: 200_001 }, 'Please enter a price from £0.00 to £2,000.00'],
      [{ ...valid, price: '100' }, 'Please enter a price from £0.00 to £2,000.00'],
      [{ ...valid, course_id: 99 }, 'Please choose a course, player type and season from the lists.'],
      [{ ...valid, player_type_id: 99 }, 'Please choose a course, player type and season from the lists.'],
      [{ ...valid, season_id: 9_999 }, 'Please choose a course, player type and season from the lists.'],
    ] as const) {
      const response = await setFee(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toContain(text);
    }
    expect(await t.database.db.select().from(greenFees)).toEqual(before);
  });

  it('lets the reservations desk read and preview any player type, and only admins change a fee', async () => {
    const types = (await prices()).player_types;
    const concession = types.find((type) => type.id !== ADULT && type.id !== 3);
    expect(concession, 'a player type the public may not book').toBeDefined();
    const priced = await preview(concession!.id);
    expect([200, 422], priced.body).toContain(priced.statusCode);
    const season = (await prices()).seasons[0]!;
    const refused = await setFee(
      { course_id: burnside, player_type_id: ADULT, season_id: season.id, price: 1 },
      desk,
    );
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/staff/prices', headers: apiHeaders() });
    expect(anonymous.statusCode).toBe(401);
  });
});
