import { COURSE_IDS } from '@links/shared/constants';
import { MAX_REPORT_DAYS, REPORT_MESSAGES, type StaffReport } from '@links/shared/schemas/staff-reports';
import { addDays } from '@links/shared/uk-time';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingGolfers, bookingRounds, bookings, golferCheckIns } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import { addOperator, type Browser } from '../auth/test/auth-test-helpers.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import { confirmedBooking } from '../confirmation/confirmation-test-helpers.ts';
import { addStaffUser, sendFrom, staffBrowser, staffSessionBrowser } from './test/staff-test-helpers.ts';

// Issue 23, reports: for a period of play, the same confirmed bookings seen as sales per course and period,
// utilisation by weekday and hour, lead time, player types, channels, tickets and no-shows; bad periods refused.

const MONDAY = '2026-04-13';
const { championship, burnside } = COURSE_IDS;

let t: TestApp;
let desk: Browser;
let starter: Browser;
let staffId: number;
const made: { bookingId: number }[] = [];

beforeAll(async () => {
  t = await createBookingApp(NOW);
  staffId = (await addStaffUser(t, { username: 'report.desk', role: 'reservations' })).id;
  desk = await staffSessionBrowser(t, staffId, 'full');
  starter = await staffBrowser(t, { username: 'report.starter', role: 'starter' });
  const session = await withCsrf(t.app);
  // Monday: two adults on Burnside at 10:00; Wednesday: two adults on Championship and Burnside, at 09:00 and 14:00.
  made.push(
    await confirmedBooking(
      t.app,
      t.database.db,
      session,
      [{ courseId: burnside, date: MONDAY, time: '10:00' }],
      [1, 1],
    ),
  );
  made.push(
    await confirmedBooking(
      t.app,
      t.database.db,
      await withCsrf(t.app),
      [
        { courseId: championship, date: addDays(MONDAY, 2), time: '09:00' },
        { courseId: burnside, date: addDays(MONDAY, 2), time: '14:00' },
      ],
      [1, 1],
    ),
  );
  // The second is a tour operator's.
  const operator = await addOperator(t.database.db, { username: 'report-tours' });
  await t.database.db
    .update(bookings)
    .set({ operatorId: operator.id })
    .where(eq(bookings.id, made[1]!.bookingId));
  // The database stamps confirmations with its own clock, not the app's pinned one: as if confirmed on NOW.
  await t.database.db
    .update(bookings)
    .set({ confirmedAt: NOW })
    .where(
      inArray(
        bookings.id,
        made.map((booking) => booking.bookingId),
      ),
    );
});
afterAll(async () => t?.close());

const report = (query: string, browser = desk) =>
  sendFrom(t.app, browser, 'GET', `/v1/staff/reports?${query}`);

describe('GET /v1/staff/reports', () => {
  it('shows the same bookings as sales, utilisation, lead time, player types, channels and tickets', async () => {
    const response = await report(`from=${MONDAY}&to=${addDays(MONDAY, 13)}&grain=week`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as StaffReport;

    // Two weeks × three courses, zeros included, so the time axis has no gaps.
    expect(data.sales).toHaveLength(6);
    const week = data.sales.filter((row) => row.period === MONDAY);
    const burnsideWeek = week.find((row) => row.course === 'Burnside Course');
    expect(burnsideWeek).toMatchObject({ rounds: 2, golfers: 4 });
    expect(week.find((row) => row.course === 'Championship Course')).toMatchObject({ rounds: 1, golfers: 2 });
    expect(
      data.sales.filter((row) => row.period === addDays(MONDAY, 7)).every((row) => row.rounds === 0),
    ).toBe(true);

    // Revenue: every golfer's tickets, shared by the courses they cover, to the penny of what the golfers' rows hold.
    const golfers = await t.database.db.select().from(bookingGolfers);
    const ticketTotal = golfers.reduce(
      (sum, golfer) =>
        sum + (golfer.tickets as { price: number }[]).reduce((s, ticket) => s + ticket.price, 0),
      0,
    );
    const revenue = data.sales.reduce((sum, row) => sum + row.revenue, 0);
    expect(Math.abs(revenue - ticketTotal)).toBeLessThanOrEqual(1);

    // Utilisation: the booked places sit on their weekday (1 Monday) and UK hour, within the places there were.
    const monday10 = data.utilisation.find(
      (cell) => cell.course === 'Burnside Course' && cell.weekday === 1 && cell.hour === 10,
    );
    expect(monday10?.booked).toBe(2);
    expect(monday10?.capacity).toBeGreaterThanOrEqual(4);
    expect(data.utilisation.reduce((sum, cell) => sum + cell.booked, 0)).toBe(6);
    expect(data.utilisation.every((cell) => cell.booked <= cell.capacity)).toBe(true);

    // Booked on 20 March for 13 and 15 April: both 8 to 30 days ahead.
    expect(data.lead_time.find((row) => row.bucket === '8 to 30 days')?.bookings).toBe(2);
    expect(data.player_types).toEqual([{ player_type: 'Adult', golfers: 4 }]);
    expect(data.channels.map((row) => row.channel).sort()).toEqual(['Fairway Golf Tours', 'Visitors']);
    const payable = (await t.database.db.select().from(bookings)).reduce(
      (sum, row) => sum + (row.payablePence ?? 0),
      0,
    );
    expect(data.channels.reduce((sum, row) => sum + row.revenue, 0)).toBe(payable);
    expect(data.tickets.reduce((sum, row) => sum + row.golfers, 0)).toBeGreaterThanOrEqual(4);
  });

  it('counts no-shows of rounds already played, from the starter’s check-ins', async () => {
    const [round] = await t.database.db
      .select()
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, made[0]!.bookingId));
    await t.database.db.insert(golferCheckIns).values([
      { bookingRoundId: round!.id, position: 1, status: 'arrived', staffUserId: staffId },
      { bookingRoundId: round!.id, position: 2, status: 'no_show', staffUserId: staffId },
    ]);
    const before = (await report(`from=${MONDAY}&to=${MONDAY}&grain=day`)).json().data as StaffReport;
    expect(before.no_shows.find((row) => row.course === 'Burnside Course')).toMatchObject({ expected: 0 });

    t.clock.pin(new Date(`${addDays(MONDAY, 1)}T12:00:00Z`));
    try {
      // A day after the round (a new staff session: the earlier one has long gone idle by then).
      const later = await staffBrowser(t, { username: 'report.later', role: 'reservations' });
      const after = (await report(`from=${MONDAY}&to=${MONDAY}&grain=day`, later)).json().data as StaffReport;
      expect(after.no_shows.find((row) => row.course === 'Burnside Course')).toEqual({
        course: 'Burnside Course',
        expected: 2,
        arrived: 1,
        no_show: 1,
      });
    } finally {
      t.clock.pin(NOW);
    }
  });

  it('refuses a period the wrong way round, too long or of an unknown grain, and the starter', async () => {
    const backwards = await report(`from=${MONDAY}&to=${addDays(MONDAY, -1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual({ to: REPORT_MESSAGES.order });
    const long = await report(`from=${MONDAY}&to=${addDays(MONDAY, MAX_REPORT_DAYS)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ to: REPORT_MESSAGES.tooLong });
    expect((await report(`from=${MONDAY}&to=${addDays(MONDAY, MAX_REPORT_DAYS - 1)}`)).statusCode).toBe(200);
    expect((await report(`from=${MONDAY}&to=${MONDAY}&grain=year`)).statusCode).toBe(400);
    expect((await report('from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await report(`from=${MONDAY}&to=${MONDAY}`, starter)).statusCode).toBe(403);
  });
});
