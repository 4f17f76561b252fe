import { COURSE_IDS } from '@links/shared/constants';
import { diaryResponseSchema } from '@links/shared/schemas/diary';
import type { DiarySlot } from '@links/shared/slot-state';
import { londonTime } from '@links/shared/uk-time';
import { describe, expect, it } from 'vitest';
import { NOW } from '../../test/booking-week.ts';
import { appForAllTests, withCsrf } from '../../test/test-app.ts';
import { bookingBody, postBooking } from '../bookings/booking-test-helpers.ts';
import { livePlayersBySlot } from './live-bookings.ts';
import {
  atInstant,
  createSeededApp,
  holdExpiring,
  insertBlock,
  insertBooking,
  prebuiltData,
  publicGet,
  slotIdAt,
  wallTimes,
} from './tee-sheet-test-data.ts';

// At NOW (09:05 UK) the first Championship slot of the day (09:00) has started.
const { championship, burnside, buddonLinks } = COURSE_IDS;

const t = appForAllTests(() => createSeededApp(NOW));

async function diary(courseId: number | string, query: string, cookie?: string) {
  return publicGet(t, `/v1/courses/${courseId}/diary?${query}`, cookie);
}

async function slotsOn(courseId: number, date: string, extra = '', cookie?: string): Promise<DiarySlot[]> {
  return prebuiltData(
    await diary(courseId, `start_date=${date}&slot_type=1${extra}`, cookie),
    diaryResponseSchema,
  );
}

const ukTimes = (slots: DiarySlot[]) => slots.map((slot) => londonTime(new Date(slot.slot_date_time)));

describe('GET /v1/courses/:id/diary: the published windows', () => {
  it('lists a Championship weekday as 09:00-12:20 and 13:30-15:50, UTC instants, no bookings', async () => {
    const slots = await slotsOn(championship, '2026-03-23');
    expect(ukTimes(slots)).toEqual([...wallTimes('09:00', '12:20'), ...wallTimes('13:30', '15:50')]);
    expect(slots[0]?.slot_date_time).toBe('2026-03-23T09:00:00.000Z');
    expect(slots.every((slot) => slot.bookings.length === 0)).toBe(true);
    expect(new Set(slots.map((slot) => slot.id)).size).toBe(slots.length);
  });

  it('lists the weekend windows of every course', async () => {
    expect(ukTimes(await slotsOn(championship, '2026-03-21'))).toEqual(wallTimes('14:00', '16:50'));
    expect(ukTimes(await slotsOn(burnside, '2026-03-21'))).toEqual(wallTimes('14:00', '17:50'));
    expect(ukTimes(await slotsOn(buddonLinks, '2026-03-21'))).toEqual(wallTimes('14:00', '17:50'));
    expect(ukTimes(await slotsOn(burnside, '2026-04-05'))).toEqual(wallTimes('12:00', '17:50'));
    expect(ukTimes(await slotsOn(buddonLinks, '2026-04-05'))).toEqual(wallTimes('12:00', '17:50'));
  });

  it('lists Burnside and Buddon Links weekdays', async () => {
    expect(ukTimes(await slotsOn(burnside, '2026-03-24'))).toEqual([
      ...wallTimes('10:00', '12:20'),
      ...wallTimes('14:00', '15:50'),
    ]);
    expect(ukTimes(await slotsOn(buddonLinks, '2026-03-24'))).toEqual([
      ...wallTimes('09:00', '12:20'),
      ...wallTimes('13:30', '15:50'),
    ]);
  });

  it('keeps every UK wall time once on 29 March 2026, when the clocks go forward', async () => {
    const slots = await slotsOn(championship, '2026-03-29');
    expect(ukTimes(slots)).toEqual(wallTimes('11:30', '16:50'));
    // British Summer Time: 11:30 in the UK is 10:30 UTC.
    expect(slots[0]?.slot_date_time).toBe('2026-03-29T10:30:00.000Z');
    expect(slots.at(-1)?.slot_date_time).toBe('2026-03-29T15:50:00.000Z');
  });

  it('keeps every UK wall time once on 25 October 2026, when the clocks go back', async () => {
    const slots = await slotsOn(championship, '2026-10-25');
    expect(ukTimes(slots)).toEqual(wallTimes('11:30', '16:50'));
    expect(slots[0]?.slot_date_time).toBe('2026-10-25T11:30:00.000Z');
    // The day before is still BST.
    const saturday = await slotsOn(championship, '2026-10-24');
    expect(saturday[0]?.slot_date_time).toBe('2026-10-24T13:00:00.000Z');
  });
});

describe('GET /v1/courses/:id/diary: which days have slots', () => {
  it('returns no slots before today or after the closing date, and the closing date itself in full', async () => {
    expect(await slotsOn(championship, '2026-03-19')).toEqual([]);
    expect(await slotsOn(championship, '2027-11-01')).toEqual([]);
    // Closing date (seeded from the clock): Sunday 31 October 2027.
    expect(ukTimes(await slotsOn(championship, '2027-10-31'))).toEqual(wallTimes('11:30', '16:50'));
  });

  it('drops slots of today that have started only with filter_today=1', async () => {
    const filtered = await slotsOn(championship, '2026-03-20', '&filter_today=1');
    expect(ukTimes(filtered)[0]).toBe('09:10');
    const unfiltered = await slotsOn(championship, '2026-03-20', '&filter_today=0');
    expect(ukTimes(unfiltered)[0]).toBe('09:00');
    // filter_today only concerns today.
    expect(ukTimes(await slotsOn(championship, '2026-03-23', '&filter_today=1'))[0]).toBe('09:00');
  });

  it('counts a slot starting exactly now as started', async () => {
    const slots = await atInstant(t, new Date('2026-03-20T09:10:00Z'), NOW, () =>
      slotsOn(championship, '2026-03-20', '&filter_today=1'),
    );
    expect(ukTimes(slots)[0]).toBe('09:20');
  });

  it('hides slots inside a blocked period, even one added after the slots were generated', async () => {
    await insertBlock(t.database.db, {
      courseId: buddonLinks,
      date: '2026-03-25',
      from: '10:00',
      to: '11:00',
      reason: 'competition',
    });
    const times = ukTimes(await slotsOn(buddonLinks, '2026-03-25'));
    expect(times).toContain('09:50');
    expect(times).not.toContain('10:00');
    expect(times).not.toContain('10:50');
    expect(times).toContain('11:00');
  });
});

describe('GET /v1/courses/:id/diary: bookings in slots', () => {
  const date = '2026-03-26';

  it('lists live bookings with their players and leaves out released ones', async () => {
    const db = t.database.db;
    const slotId = await slotIdAt(db, championship, date, '10:00');
    const round = (players: number) => [{ courseId: championship, slotId, players }];
    const confirmed = await insertBooking(db, { status: 'confirmed', rounds: round(1) });
    const held = await insertBooking(db, { status: 'held', rounds: round(1) });
    const inGrace = await insertBooking(db, {
      status: 'held',
      holdExpiresAt: holdExpiring.thirtySecondsAgo,
      rounds: round(1),
    });
    await insertBooking(db, { status: 'held', holdExpiresAt: holdExpiring.twoMinutesAgo, rounds: round(1) });
    await insertBooking(db, { status: 'cancelled', rounds: round(2) });
    await insertBooking(db, {
      status: 'expired',
      holdExpiresAt: holdExpiring.twoMinutesAgo,
      rounds: round(2),
    });

    const slots = await slotsOn(championship, date);
    const slot = slots.find((candidate) => candidate.id === slotId);
    expect(slot?.bookings).toEqual([
      { booking_id: confirmed, players: 1 },
      { booking_id: held, players: 1 },
      { booking_id: inGrace, players: 1 },
    ]);
    // Only that slot has bookings.
    expect(slots.filter((candidate) => candidate.bookings.length > 0)).toHaveLength(1);
  });

  it("leaves the current booking's own players out with current_booking_id, for the session that made it", async () => {
    const db = t.database.db;
    const slotId = await slotIdAt(db, championship, date, '10:10');
    const owner = await withCsrf(t.app);
    const created = await postBooking(t.app, owner, bookingBody([{ id: championship, slotId }], [1, 1]));
    expect(created.statusCode, created.body).toBe(200);
    const mine = created.json().data.booking_id as number;
    const theirs = await insertBooking(db, {
      status: 'confirmed',
      rounds: [{ courseId: championship, slotId, players: 2 }],
    });
    const withMine = (await slotsOn(championship, date)).find((slot) => slot.id === slotId);
    expect(withMine?.bookings).toEqual([
      { booking_id: mine, players: 2 },
      { booking_id: theirs, players: 2 },
    ]);
    const withoutMine = (await slotsOn(championship, date, `&current_booking_id=${mine}`, owner.cookie)).find(
      (slot) => slot.id === slotId,
    );
    expect(withoutMine?.bookings).toEqual([{ booking_id: theirs, players: 2 }]);
    // Anyone else naming it (no session, another session) sees the public sheet.
    const other = await withCsrf(t.app);
    for (const cookie of [undefined, other.cookie]) {
      const seen = (await slotsOn(championship, date, `&current_booking_id=${mine}`, cookie)).find(
        (slot) => slot.id === slotId,
      );
      expect(seen?.bookings).toEqual(withMine?.bookings);
    }
  });

  it('gives the booking engine the same live counts per slot', async () => {
    const db = t.database.db;
    const counted = await slotIdAt(db, championship, date, '10:00');
    const shared = await slotIdAt(db, championship, date, '10:10');
    const empty = await slotIdAt(db, championship, date, '10:20');
    const taken = await livePlayersBySlot(db, [counted, shared, empty]);
    // 10:00: confirmed 1 + held 1 + in-grace 1; 10:10: two pairs (see the tests above).
    expect([...taken.entries()]).toEqual([
      [counted, 3],
      [shared, 4],
      [empty, 0],
    ]);
    const [mine] = (await slotsOn(championship, date)).find((slot) => slot.id === shared)!.bookings;
    expect((await livePlayersBySlot(db, [shared], { excludeBookingId: mine!.booking_id })).get(shared)).toBe(
      2,
    );
  });

  it('answers with no-store, because places change with every booking', async () => {
    const response = await diary(championship, `start_date=${date}&slot_type=1`);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /v1/courses/:id/diary: bad input', () => {
  it.each([
    ['an impossible date', 'start_date=2026-02-30&slot_type=1', 'start_date'],
    ['a malformed date', 'start_date=26-3-2026&slot_type=1', 'start_date'],
    ['no date', 'slot_type=1', 'start_date'],
    ['a slot type other than 1', 'start_date=2026-03-23&slot_type=2', 'slot_type'],
    ['filter_today other than 0 or 1', 'start_date=2026-03-23&slot_type=1&filter_today=yes', 'filter_today'],
    [
      'a booking id that is not a positive number',
      'start_date=2026-03-23&slot_type=1&current_booking_id=0',
      'current_booking_id',
    ],
  ])('refuses %s with 400 and names the field', async (_label, query, field) => {
    const response = await diary(championship, query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(typeof body.error.message).toBe('string');
    expect(Object.keys(body.error.fields)).toContain(field);
  });

  it('answers 404 for a course that does not exist and 400 for a course id that is not a number', async () => {
    const unknown = await diary(3, 'start_date=2026-03-23&slot_type=1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'course_not_found',
      message: 'There is no course with id 3.',
    });
    const malformed = await diary('abc', 'start_date=2026-03-23&slot_type=1');
    expect(malformed.statusCode).toBe(400);
  });
});
