import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, operators, staffAuditLog } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import { addOperator, type Browser, login, PASSWORD } from '../auth/test/auth-test-helpers.ts';
import { bookingBody, createBookingApp, postBooking } from '../bookings/booking-test-helpers.ts';
import { bookedOnTerms, signInDemoOperators } from '../contact-details/operator-test-helpers.ts';
import { sendFrom, staffBrowser } from '../staff/test/staff-test-helpers.ts';
import { slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';

// Issue 24, trade rates: staff set a tour operator's discount; the operator is quoted and books at it (the fee tables
// lowered, so the cheapest cover and the VAT split follow); visitors never see it; bookings already made keep their
// price.

const DATE = '2026-05-27';
const { burnside } = COURSE_IDS;

let t: TestApp;
let admin: Browser;
let operatorId: number;

beforeAll(async () => {
  t = await createBookingApp(NOW);
  operatorId = (await addOperator(t.database.db, { username: 'fairway' })).id;
  admin = await staffBrowser(t, { username: 'trade.admin', role: 'admin' });
});
afterAll(async () => t?.close());

const quote = async (headers: Record<string, string>, date = DATE) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/tickets/prices',
    headers,
    payload: { golfers: [{ id: 1, playerTypeId: 1 }], courses: [{ id: burnside, teeTime: { date } }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.totals as { net: number; vat: number; payable: number };
};
const setRate = (percent: unknown, browser = admin) =>
  sendFrom(t.app, browser, 'PATCH', `/v1/staff/operators/${operatorId}`, { trade_discount_percent: percent });

describe('trade rates', () => {
  it('quotes and books an operator at their rate, never a visitor; a booking made keeps its price', async () => {
    const visitor = await withCsrf(t.app);
    const full = (await quote(visitor.headers)).payable;
    const operator = (await login(t.app, 'fairway', PASSWORD)).after;
    expect((await quote(operator.headers)).payable).toBe(full);

    const set = await setRate(10);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.trade_discount_percent).toBe(10);
    const trade = await quote(operator.headers);
    expect(trade.payable).toBe(Math.round(full * 0.9));
    expect(trade.net + trade.vat).toBe(trade.payable);
    expect((await quote(visitor.headers)).payable).toBe(full);
    const me = await t.app.inject({ method: 'GET', url: '/v1/user', headers: { ...operator.headers } });
    expect(me.json().data.trade_discount_percent).toBe(10);

    const held = await postBooking(
      t.app,
      operator,
      bookingBody([{ id: burnside, slotId: await slotIdAt(t.database.db, burnside, DATE, '10:00') }], [1]),
    );
    expect(held.statusCode, held.body).toBe(200);
    const bookingId = held.json().data.booking_id as number;
    const payableOf = async () =>
      (await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]?.payablePence;
    expect(await payableOf()).toBe(Math.round(full * 0.9));

    // A later change of rate leaves the booking at the price it was made at.
    expect((await setRate(20)).statusCode).toBe(200);
    expect(await payableOf()).toBe(Math.round(full * 0.9));
    expect((await quote(operator.headers)).payable).toBe(Math.round(full * 0.8));

    const audit = (await t.database.db.select().from(staffAuditLog)).filter(
      (entry) => entry.action === 'operator.trade_rate_changed',
    );
    expect(audit.map((entry) => [entry.before, entry.after])).toEqual([
      [{ trade_discount_percent: 0 }, { trade_discount_percent: 10 }],
      [{ trade_discount_percent: 10 }, { trade_discount_percent: 20 }],
    ]);
  });

  it('refuses a rate outside 0 to 50 %, and anyone but an admin', async () => {
    for (const bad of [-1, 51, 12.5, '10']) {
      const response = await setRate(bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.body).toContain('The trade rate must be a whole percentage from 0 to 50.');
    }
    const desk = await staffBrowser(t, { username: 'trade.desk', role: 'reservations' });
    expect((await setRate(5, desk)).statusCode).toBe(403);
  });

  it("staff change an operator's booking at the operator's trade rate", async () => {
    const { fairway } = await signInDemoOperators(t);
    const [demo] = await t.database.db
      .select()
      .from(operators)
      .where(eq(operators.username, 'fairway-tours'));
    await t.database.db.update(operators).set({ tradeDiscountPercent: 10 }).where(eq(operators.id, demo!.id));
    const visitorFull = (await quote((await withCsrf(t.app)).headers)).payable;
    // Held and confirmed on pay-later terms, 61 days out, by the operator at 10 % off.
    const booking = await bookedOnTerms(t, fairway, '2026-03-20', 61);
    expect(booking.payable).toBe(Math.round(visitorFull * 0.9));

    // The desk adds a golfer: two adults, each at the trade rate.
    const desk = await staffBrowser(t, { username: 'trade.desk2', role: 'reservations' });
    const change = await sendFrom(
      t.app,
      desk,
      'POST',
      `/v1/staff/bookings/${booking.number}/change/preview`,
      {
        courses: [{ id: burnside, teeTime: { id: booking.slot.id }, caddies: 0 }],
        golfers: [
          { id: 1, playerTypeId: 1 },
          { id: 2, playerTypeId: 1 },
        ],
        reason: 'A second golfer by phone',
      },
    );
    expect(change.statusCode, change.body).toBe(200);
    const sameDayFull = (await quote((await withCsrf(t.app)).headers, booking.playDate)).payable;
    expect(change.json().data.payable_after).toBe(2 * Math.round(sameDayFull * 0.9));
  });
});
