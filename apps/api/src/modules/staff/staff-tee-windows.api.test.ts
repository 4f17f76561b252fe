import { COURSE_IDS } from '@links/shared/constants';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog, teeSlots, teeWindows } from '../../db/schema/index.ts';
import { seedDatabase } from '../../seed/index.ts';
import { withCsrf } from '../../test/test-app.ts';
import { testDbKind } from '../../test/test-database.ts';
import { bookingBody, postBooking } from '../bookings/booking-test-helpers.ts';
import { createSeededApp, slotIdAt, wallTimes } from '../tee-sheet/tee-sheet-test-data.ts';
import {
  paidBookingAt,
  publicDiaryTimes,
  sendFrom,
  staffAppForTests,
  staffBrowser,
  staffRaceOnTwoInstances,
} from './test/staff-test-helpers.ts';

// Issue 23, tee windows: staff change a course's windows per weekday (standing, or for a date range) and its
// interval; the preview shows the tee times added and taken out of sale, a day before and after, and the bookings
// left outside every window, which keep their tee times and are listed for moving. Nothing is dropped silently;
// every change is audited; the public diary follows at once.

const NOW = new Date('2026-06-01T09:00:00Z'); // a Monday
const WEDNESDAY = '2026-06-10';
const BURNSIDE = COURSE_IDS.burnside;
// Burnside's published weekday windows (spec section 9).
const STANDING = [
  { start: '10:00', end: '12:20' },
  { start: '14:00', end: '15:50' },
];
const MORNING_ONLY = [
  { start: '10:00', end: '10:50' },
  { start: '14:00', end: '15:50' },
];

const setup = staffAppForTests(() => createSeededApp(NOW), {
  admin: { username: 'tee.admin', role: 'admin' },
  desk: { username: 'tee.desk', role: 'reservations' },
  starter: { username: 'tee.starter', role: 'starter' },
});
let bookingNumber: string;
beforeAll(async () => {
  ({ bookingNumber } = await paidBookingAt(setup.t, BURNSIDE, WEDNESDAY, '11:30'));
});

type Rule = { weekday: number; valid_from: string | null; valid_to: string | null; windows: unknown[] };
type Course = {
  id: number;
  interval_minutes: number;
  closing_date: string;
  rules: Rule[];
  outside: { booking_number: string; starts_at: string; players: number; lead_name: string }[];
};

const burnside = async (): Promise<Course> => {
  const response = await sendFrom(setup.t.app, setup.desk, 'GET', '/v1/staff/tee-windows');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.courses.find((course: Course) => course.id === BURNSIDE);
};

const publicTimes = (date = WEDNESDAY) => publicDiaryTimes(setup.t.app, BURNSIDE, date);

const wednesdays = (windows: typeof STANDING, extra: object = {}) => ({
  course_id: BURNSIDE,
  weekdays: [3],
  valid_from: null,
  valid_to: null,
  windows,
  interval_minutes: 10,
  ...extra,
});

const preview = (body: object, browser = setup.desk) =>
  sendFrom(setup.t.app, browser, 'POST', '/v1/staff/tee-windows/preview', body);
const change = (body: object, browser = setup.admin) =>
  sendFrom(setup.t.app, browser, 'PUT', '/v1/staff/tee-windows', body);

describe('tee windows', () => {
  it('lists each course with its interval, closing date and standing windows per weekday', async () => {
    const course = await burnside();
    expect(course.interval_minutes).toBe(10);
    expect(course.rules.find((rule) => rule.weekday === 3)).toEqual({
      weekday: 3,
      valid_from: null,
      valid_to: null,
      windows: STANDING,
    });
    expect(course.rules.map((rule) => rule.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(course.outside).toEqual([]);
    expect((await sendFrom(setup.t.app, setup.starter, 'GET', '/v1/staff/tee-windows')).statusCode).toBe(403);
  });

  it('refuses bad changes with a clear message and changes nothing', async () => {
    const before = await setup.t.database.db.select().from(teeWindows);
    const cases: [object, string][] = [
      [
        wednesdays([
          { start: '10:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ]),
        'must not overlap',
      ],
      [wednesdays([{ start: '12:00', end: '10:00' }]), 'must not be before the first'],
      [wednesdays(STANDING, { weekdays: [] }), 'at least one day'],
      [wednesdays(STANDING, { interval_minutes: 3 }), 'from 5 to 60 minutes'],
      [wednesdays(STANDING, { valid_from: '2026-11-01' }), 'first and its last day'],
      [wednesdays([{ start: '25:00', end: '26:00' }]), 'HH:mm'],
    ];
    for (const [body, message] of cases) {
      const response = await preview(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
      expect((await change(body)).statusCode).toBe(400);
    }
    expect((await change(wednesdays(STANDING, { course_id: 999 }))).statusCode).toBe(404);
    // Only an admin changes windows; the reservations desk may look.
    expect((await change(wednesdays(MORNING_ONLY), setup.desk)).statusCode).toBe(403);
    expect((await preview(wednesdays(MORNING_ONLY), setup.starter)).statusCode).toBe(403);
    expect(await setup.t.database.db.select().from(teeWindows)).toEqual(before);
  });

  it('previews and applies a shorter window: tee times out of sale, the booking inside kept and listed', async () => {
    const course = await burnside();
    const publicBefore = await publicTimes();
    expect(publicBefore).toEqual([...wallTimes('10:00', '12:20'), ...wallTimes('14:00', '15:50')]);

    const previewed = await preview(wednesdays(MORNING_ONLY, { sample_date: WEDNESDAY }));
    expect(previewed.statusCode, previewed.body).toBe(200);
    const answer = previewed.json().data;
    expect(answer.first_day).toBe('2026-06-01');
    expect(answer.last_day).toBe(course.closing_date);
    expect(answer.added).toBe(0);
    // 11:00 to 12:20 on every Wednesday to the closing date: nine tee times a week.
    expect(answer.removed % 9).toBe(0);
    expect(answer.removed).toBeGreaterThanOrEqual(9 * 20);
    expect(answer.sample).toEqual({
      date: WEDNESDAY,
      before: publicBefore,
      after: [...wallTimes('10:00', '10:50'), ...wallTimes('14:00', '15:50')],
    });
    expect(answer.conflicts).toEqual([
      expect.objectContaining({ booking_number: bookingNumber, lead_name: 'Ada Lovelace', players: 2 }),
    ]);
    // A preview changes nothing.
    expect(await publicTimes()).toEqual(publicBefore);

    const applied = await change(wednesdays(MORNING_ONLY, { sample_date: WEDNESDAY }));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.applied).toEqual(answer);
    const after = applied.json().data.tee_windows.courses.find((each: Course) => each.id === BURNSIDE);
    expect(after.rules.find((rule: Rule) => rule.weekday === 3).windows).toEqual(MORNING_ONLY);
    expect(after.outside).toEqual([expect.objectContaining({ booking_number: bookingNumber })]);

    // The public diary drops 11:00 to 12:20 at once; other weekdays keep theirs.
    expect(await publicTimes()).toEqual([...wallTimes('10:00', '10:50'), ...wallTimes('14:00', '15:50')]);
    expect(await publicTimes('2026-06-09')).toContain('11:30');

    // The booked tee time is kept, off sale, on the staff sheet marked for moving; the others are gone.
    const sheet = await sendFrom(
      setup.t.app,
      setup.desk,
      'GET',
      `/v1/staff/tee-sheet?course_id=${BURNSIDE}&date=${WEDNESDAY}`,
    );
    const slots = sheet.json().data.slots as {
      time: string;
      outside_windows: boolean;
      bookings: unknown[];
    }[];
    expect(slots.find((slot) => slot.time === '11:30')).toMatchObject({ outside_windows: true });
    expect(slots.find((slot) => slot.time === '11:30')?.bookings).toHaveLength(1);
    expect(slots.find((slot) => slot.time === '11:20')).toBeUndefined();
    expect(slots.find((slot) => slot.time === '10:50')).toMatchObject({ outside_windows: false });

    const [audit] = (await setup.t.database.db.select().from(staffAuditLog)).filter(
      (row) => row.action === 'course.tee_windows_changed',
    );
    expect(audit).toMatchObject({ targetType: 'course', targetId: String(BURNSIDE) });
    expect(audit!.before).toMatchObject({ interval_minutes: 10, rules: [{ weekday: 3, windows: STANDING }] });
    expect(audit!.after).toMatchObject({
      rules: [{ weekday: 3, windows: MORNING_ONLY }],
      tee_times_removed: answer.removed,
      bookings_outside: [bookingNumber],
    });
  });

  it('an adjustment for dates replaces the standing windows on them; overlapping adjustments are refused', async () => {
    const winter = wednesdays([{ start: '10:00', end: '13:00' }], {
      valid_from: '2026-06-15',
      valid_to: '2026-06-30',
      sample_date: '2026-06-17',
    });
    const previewed = await preview(winter);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json().data.sample.after).toEqual(wallTimes('10:00', '13:00'));
    // 11:00 to 13:00 added on two Wednesdays (17th, 24th); the afternoons taken out of sale.
    expect(previewed.json().data.added).toBe(13 * 2);
    expect(previewed.json().data.removed).toBe(12 * 2);
    expect((await change(winter)).statusCode).toBe(200);
    expect(await publicTimes('2026-06-17')).toEqual(wallTimes('10:00', '13:00'));
    expect(await publicTimes('2026-07-01')).toEqual([
      ...wallTimes('10:00', '10:50'),
      ...wallTimes('14:00', '15:50'),
    ]);

    const clash = await preview({ ...winter, valid_from: '2026-06-20', valid_to: '2026-07-10' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: { code: 'tee_window_clash' } });
    expect(clash.body).toContain('Monday 15th June 2026 to Tuesday 30th June 2026 on Wednesdays');

    // No windows for the same dates removes the adjustment: the standing windows apply again.
    expect((await change({ ...winter, windows: [] })).statusCode).toBe(200);
    expect(await publicTimes('2026-06-17')).toEqual([
      ...wallTimes('10:00', '10:50'),
      ...wallTimes('14:00', '15:50'),
    ]);
  });

  it('restoring the windows puts the withdrawn tee times back on sale, the booked one included', async () => {
    const applied = await change(wednesdays(STANDING));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.applied.conflicts).toEqual([]);
    expect(
      applied.json().data.tee_windows.courses.find((each: Course) => each.id === BURNSIDE).outside,
    ).toEqual([]);
    expect(await publicTimes()).toEqual([...wallTimes('10:00', '12:20'), ...wallTimes('14:00', '15:50')]);
    const [slot] = await setup.t.database.db
      .select({ withdrawnAt: teeSlots.withdrawnAt })
      .from(teeSlots)
      .where(eq(teeSlots.id, await slotIdAt(setup.t.database.db, BURNSIDE, WEDNESDAY, '11:30')));
    expect(slot?.withdrawnAt).toBeNull();
  });

  it('a new interval remakes the tee times of every day from today', async () => {
    const previewed = await preview(wednesdays(STANDING, { interval_minutes: 20, sample_date: WEDNESDAY }));
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json().data.sample.after).toEqual([
      ...wallTimes('10:00', '12:20').filter((time) => Number(time.slice(3)) % 20 === 0),
      ...wallTimes('14:00', '15:50').filter((time) => Number(time.slice(3)) % 20 === 0),
    ]);
    // The booking at 11:30 would be off the 20-minute grid: listed, not dropped.
    expect(previewed.json().data.conflicts).toEqual([
      expect.objectContaining({ booking_number: bookingNumber }),
    ]);
  });

  it('a window removed by staff stays removed when the seed runs again on the next start', async () => {
    const thursday = '2026-06-11';
    const morning = [{ start: '10:00', end: '12:20' }];
    expect((await change({ ...wednesdays(morning), weekdays: [4] })).statusCode).toBe(200);
    expect(await publicTimes(thursday)).toEqual(wallTimes('10:00', '12:20'));
    const windowsBefore = await setup.t.database.db.select().from(teeWindows);
    await seedDatabase(setup.t.database.db, { demo: false, now: NOW });
    expect(await setup.t.database.db.select().from(teeWindows)).toEqual(windowsBefore);
    expect(await publicTimes(thursday)).toEqual(wallTimes('10:00', '12:20'));
  });
});

// Two instances on one database need PostgreSQL (PGlite is one process).
if (testDbKind() === 'postgres') {
  describe('a window change racing holds over two instances (PostgreSQL)', () => {
    const race = staffRaceOnTwoInstances('links_tee_windows', NOW);

    it('each hold lands before the change (kept, withdrawn, listed) or is refused after it; none is lost, no 500', async () => {
      const { one, two, db } = race;
      const racer = await staffBrowser(race.onOne, { username: 'race.admin', role: 'admin' });
      const times = wallTimes('11:00', '12:20');
      const slotIds = await Promise.all(times.map((time) => slotIdAt(db, BURNSIDE, WEDNESDAY, time)));
      const sessions = await Promise.all(times.map(() => withCsrf(two)));

      const [holds, changed] = await Promise.all([
        Promise.all(
          slotIds.map((slotId, index) =>
            postBooking(two, sessions[index]!, bookingBody([{ id: BURNSIDE, slotId }], [1])),
          ),
        ),
        sendFrom(one, racer, 'PUT', '/v1/staff/tee-windows', wednesdays(MORNING_ONLY)),
      ]);
      expect(changed.statusCode, changed.body).toBe(200);
      // Refused: off sale (409) once withdrawn, or unknown (400) once deleted.
      for (const hold of holds) expect([200, 400, 409], hold.body).toContain(hold.statusCode);

      const held = holds
        .filter((hold) => hold.statusCode === 200)
        .map((hold) => hold.json().data.booking_number);
      const after = await sendFrom(one, racer, 'GET', '/v1/staff/tee-windows');
      const outside = after.json().data.courses.find((course: Course) => course.id === BURNSIDE).outside as {
        booking_number: string;
      }[];
      // Every hold that landed keeps its tee time, off sale and listed for moving; no other row of those times is left.
      expect(outside.map((booking) => booking.booking_number).sort()).toEqual([...held].sort());
      const rows = await db
        .select({ id: teeSlots.id, withdrawnAt: teeSlots.withdrawnAt })
        .from(teeSlots)
        .where(inArray(teeSlots.id, slotIds));
      expect(rows).toHaveLength(held.length);
      expect(rows.every((row) => row.withdrawnAt !== null)).toBe(true);
      expect(await publicDiaryTimes(two, BURNSIDE, WEDNESDAY)).toEqual([
        ...wallTimes('10:00', '10:50'),
        ...wallTimes('14:00', '15:50'),
      ]);
    });
  });
}
