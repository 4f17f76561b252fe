import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { apiHeaders, type TestApp, withCsrf } from '../../test/test-app.ts';
import { addOperator, login, PASSWORD } from '../auth/test/auth-test-helpers.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import { confirmedBooking } from '../confirmation/confirmation-test-helpers.ts';

// Issue 24, "My bookings": a tour operator lists their own bookings (never another company's), still to play or
// played, by date and status, each with total, paid, due and due date.

const { burnside } = COURSE_IDS;

let t: TestApp;
let mine: { cookie: string };
let theirs: { cookie: string };
const made: Record<string, string> = {};

beforeAll(async () => {
  t = await createBookingApp(NOW);
  const fairway = await addOperator(t.database.db, { username: 'fairway' });
  const other = await addOperator(t.database.db, { username: 'other-tours' });
  const book = async (
    name: string,
    date: string,
    operatorId: number,
    set: Partial<typeof bookings.$inferInsert>,
  ) => {
    const booking = await confirmedBooking(
      t.app,
      t.database.db,
      await withCsrf(t.app),
      [{ courseId: burnside, date, time: '10:00' }],
      [1, 1],
    );
    await t.database.db
      .update(bookings)
      .set({ operatorId, ...set })
      .where(eq(bookings.id, booking.bookingId));
    made[name] = booking.bookingNumber;
  };
  await book('soon', '2026-03-23', fairway.id, {});
  await book('later', '2026-05-27', fairway.id, {
    paymentMethod: 'deposit',
    paidPence: 5_000,
    balanceDueAt: new Date('2026-04-15T22:59:59Z'),
  });
  await book('cancelled', '2026-04-10', fairway.id, { status: 'cancelled', cancelledAt: NOW });
  await book('another company', '2026-04-13', other.id, {});
  mine = { cookie: (await login(t.app, 'fairway', PASSWORD)).after.cookie };
  theirs = { cookie: (await login(t.app, 'other-tours', PASSWORD)).after.cookie };
});
afterAll(async () => t?.close());

const list = (browser: { cookie: string }, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/v1/user/bookings${query}`,
    headers: apiHeaders({ cookie: browser.cookie }),
  });
const numbers = (response: Awaited<ReturnType<typeof list>>) =>
  response.json().data.bookings.map((booking: { booking_number: string }) => booking.booking_number);

describe("an operator's own bookings", () => {
  it('lists only their own, still to play first and soonest first, with the money of each', async () => {
    const response = await list(mine);
    expect(response.statusCode, response.body).toBe(200);
    expect(numbers(response)).toEqual([made.soon, made.cancelled, made.later]);
    const later = response.json().data.bookings[2];
    expect(later).toMatchObject({
      status: 'confirmed',
      golfers: 2,
      payment_terms: 'deposit',
      paid: 5_000,
      due_at: '2026-04-15T22:59:59.000Z',
      rounds: [{ course: 'Burnside Course', tee_time: expect.any(String) }],
    });
    expect(later.due).toBe(later.total - 5_000);
    expect(response.json().data.bookings[1]).toMatchObject({ status: 'cancelled', due: 0, due_at: null });
    expect(numbers(await list(theirs))).toEqual([made['another company']]);
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('filters by the first day of play and by status', async () => {
    expect(numbers(await list(mine, '?from=2026-04-01&to=2026-04-30'))).toEqual([made.cancelled]);
    expect(numbers(await list(mine, '?status=confirmed'))).toEqual([made.soon, made.later]);
    expect(numbers(await list(mine, '?status=cancelled&from=2026-05-01'))).toEqual([]);
  });

  it('lists played bookings on request, latest first', async () => {
    t.clock.pin(() => new Date('2026-04-20T12:00:00Z'));
    try {
      // A month on, the earlier session has ended: signed in again.
      const again = { cookie: (await login(t.app, 'fairway', PASSWORD)).after.cookie };
      expect(numbers(await list(again, '?when=past'))).toEqual([made.cancelled, made.soon]);
      expect(numbers(await list(again))).toEqual([made.later]);
    } finally {
      t.clock.pin(() => NOW);
    }
  });

  it('refuses visitors and bad filters', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/v1/user/bookings', headers: apiHeaders() });
    expect(visitor.statusCode).toBe(401);
    for (const query of [
      '?when=soon',
      '?from=2026-13-01',
      '?from=2026-05-02&to=2026-05-01',
      '?status=paid',
    ]) {
      expect((await list(mine, query)).statusCode, query).toBe(400);
    }
  });
});
