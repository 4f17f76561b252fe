import { COURSE_IDS } from '@links/shared/constants';
import { teeSheetBooking } from '@links/shared/test/staff-tee-sheet';
import { londonWallTimeToUtc } from '@links/shared/uk-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingGolfers, bookings, golferCheckIns, staffAuditLog } from '../../db/schema/index.ts';
import { ADULT_PLAYER_TYPE_ID, CONCESSION_PLAYER_TYPE_ID } from '../../seed/reference-data.ts';
import { addOperator, type Browser } from '../auth/test/auth-test-helpers.ts';
import {
  createSeededApp,
  holdExpiring,
  insertBlock,
  insertBooking,
  type SeededApp,
  slotIdAt,
} from '../tee-sheet/tee-sheet-test-data.ts';
import { addStaffUser, sendFrom, staffSessionBrowser } from './test/staff-test-helpers.ts';

// Issue 22, the tee sheet: a course's day with every slot, its block, and the bookings taking its places now,
// named (lead, golfers by type, operator, caddies, notes) and in their state; lapsed holds and cancelled bookings
// are not on it. Which roles may read it is proved for every staff route in staff-routes-access.api.test.ts.

const NOW = new Date('2026-06-01T09:00:00Z');
const DAY = '2026-06-10';
const CHAMPIONSHIP = COURSE_IDS.championship;

let t: SeededApp;
let starter: Browser;
let starterId: number;
const numbers: Record<string, string> = {};

async function numberOf(id: number): Promise<string> {
  const [row] = await t.database.db
    .select({ n: bookings.bookingNumber })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row!.n;
}

async function golfers(bookingId: number, types: number[]) {
  await t.database.db.insert(bookingGolfers).values(
    types.map((playerTypeId, index) => ({
      bookingId,
      position: index + 1,
      playerTypeId,
      netPence: 10_000,
      vatPence: 2_000,
      totalPence: 12_000,
      tickets: [],
      ticketLabel: 'Championship Course',
    })),
  );
}

beforeAll(async () => {
  t = await createSeededApp(NOW);
  const db = t.database.db;
  const operator = await addOperator(db);
  const slot = (time: string) => slotIdAt(db, CHAMPIONSHIP, DAY, time);

  /** A confirmed booking of two at 09:00 with `fields` and golfers of `types`: two of them share that tee time. */
  const confirmedAtNine = async (fields: Partial<typeof bookings.$inferInsert>, types: number[]) => {
    const id = await insertBooking(db, {
      status: 'confirmed',
      rounds: [{ courseId: CHAMPIONSHIP, slotId: await slot('09:00'), players: 2 }],
    });
    await db.update(bookings).set(fields).where(eq(bookings.id, id));
    await golfers(id, types);
    return id;
  };
  const paid = await confirmedAtNine(
    {
      payablePence: 24_000,
      paidPence: 24_000,
      notes: 'Celebrating a birthday',
      playerDetails: { player_type: 'individual', first_name: 'Ada', surname: 'Lovelace' },
    },
    [ADULT_PLAYER_TYPE_ID, CONCESSION_PLAYER_TYPE_ID],
  );
  const deposit = await confirmedAtNine(
    {
      operatorId: operator.id,
      paymentMethod: 'deposit',
      payablePence: 24_000,
      paidPence: 12_000,
      playerDetails: { first_name: 'Grace', surname: 'Hopper' },
    },
    [ADULT_PLAYER_TYPE_ID, ADULT_PLAYER_TYPE_ID],
  );

  const held = await insertBooking(db, {
    status: 'held',
    rounds: [{ courseId: CHAMPIONSHIP, slotId: await slot('09:10'), players: 3 }],
  });
  await db.update(bookings).set({ payablePence: 36_000, paidPence: 0 }).where(eq(bookings.id, held));
  // Not on the sheet: a hold released after its grace minute, and a cancelled booking.
  await insertBooking(db, {
    status: 'held',
    holdExpiresAt: holdExpiring.twoMinutesAgo,
    rounds: [{ courseId: CHAMPIONSHIP, slotId: await slot('09:20'), players: 4 }],
  });
  await insertBooking(db, {
    status: 'cancelled',
    rounds: [{ courseId: CHAMPIONSHIP, slotId: await slot('09:20'), players: 1 }],
  });
  await insertBlock(db, {
    courseId: CHAMPIONSHIP,
    date: DAY,
    from: '14:00',
    to: '15:00',
    reason: 'competition',
    note: 'Club medal',
  });
  numbers.paid = await numberOf(paid);
  numbers.deposit = await numberOf(deposit);
  numbers.held = await numberOf(held);

  const user = await addStaffUser(t, { username: 'the.starter', role: 'starter' });
  starterId = user.id;
  starter = await staffSessionBrowser(t, user.id, 'full');
});
afterAll(async () => t?.close());

const sheet = (query: string, browser = starter) =>
  sendFrom(t.app, browser, 'GET', `/v1/staff/tee-sheet?${query}`);

describe('GET /v1/staff/tee-sheet', () => {
  it('lists every slot of the day with the bookings on it, their state, lead, golfers and operator', async () => {
    const response = await sheet(`course_id=${CHAMPIONSHIP}&date=${DAY}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.course).toEqual({ id: CHAMPIONSHIP, name: 'Championship Course' });
    expect(data.date).toBe(DAY);
    expect(data.courses.map((course: { name: string }) => course.name)).toEqual([
      'Championship Course',
      'Burnside Course',
      'Buddon Links Course',
    ]);
    const times: string[] = data.slots.map((slot: { time: string }) => slot.time);
    expect(times.length).toBeGreaterThan(30);
    expect(times).toEqual([...times].sort());

    const at = (time: string) => data.slots.find((slot: { time: string }) => slot.time === time);
    const nine = at('09:00');
    expect(nine).toMatchObject({ capacity: 4, taken: 4, places_left: 0, block: null });
    expect(nine.starts_at).toBe(londonWallTimeToUtc(DAY, '09:00').toISOString());
    expect(nine.bookings).toEqual([
      // Ada Lovelace's paid booking as the web's tee sheet tests are answered it, with its own golfers and notes.
      teeSheetBooking({
        round_id: expect.any(Number),
        booking_number: numbers.paid,
        golfers: [
          { position: 1, player_type: 'Adult', name: '' },
          { position: 2, player_type: 'Senior (65 and over)', name: '' },
        ],
        notes: 'Celebrating a birthday',
      }),
      expect.objectContaining({
        booking_number: numbers.deposit,
        state: 'deposit',
        lead_name: 'Grace Hopper',
        operator: 'Fairway Golf Tours',
        payable: 24_000,
        paid: 12_000,
      }),
    ]);

    const nineTen = at('09:10');
    expect(nineTen).toMatchObject({ taken: 3, places_left: 1 });
    expect(nineTen.bookings).toEqual([
      expect.objectContaining({
        booking_number: numbers.held,
        state: 'held',
        lead_name: '',
        golfers: [],
        check_ins: [],
      }),
    ]);
    // Holds run on the database clock (live-bookings.ts): five minutes from now.
    expect(Date.parse(nineTen.bookings[0].hold_expires_at)).toBeGreaterThan(Date.now());

    // The released hold and the cancelled booking take nothing.
    expect(at('09:20')).toMatchObject({ taken: 0, places_left: 4, bookings: [] });
    expect(at('14:00').block).toEqual({
      id: expect.any(Number),
      reason: 'competition',
      note: 'Club medal',
      starts_at: londonWallTimeToUtc(DAY, '14:00').toISOString(),
      ends_at: londonWallTimeToUtc(DAY, '15:00').toISOString(),
    });
    expect(at('14:50').block).toEqual(at('14:00').block);
    expect(at('15:00').block).toBeNull();
    expect(data.totals).toEqual({
      golfers: 7,
      bookings: 3,
      blocked: 6,
      slots: times.length,
      arrived: 0,
      no_show: 0,
    });
  });

  it('answers a day with no slots with an empty sheet, and another course with its own', async () => {
    const empty = await sheet(`course_id=${CHAMPIONSHIP}&date=2019-01-01`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ slots: [], totals: { slots: 0, golfers: 0, bookings: 0 } });
    const burnside = await sheet(`course_id=${COURSE_IDS.burnside}&date=${DAY}`);
    expect(burnside.json().data.course.name).toBe('Burnside Course');
    expect(burnside.json().data.totals.golfers).toBe(0);
  });

  it('refuses bad input with a clear message and an unknown course with 404', async () => {
    for (const query of [
      'course_id=1',
      `date=${DAY}`,
      'course_id=x&date=2026-06-10',
      'course_id=1&date=2026-02-30',
    ]) {
      const response = await sheet(query);
      expect(response.statusCode, query).toBe(400);
      const { error } = response.json();
      expect(error.code, query).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {}).join(), query).toMatch(/course_id|date/);
    }
    const unknown = await sheet(`course_id=3&date=${DAY}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('There is no such course.');
  });

  it('refuses a browser without a staff session', async () => {
    const reservations = await addStaffUser(t, { username: 'res.desk', role: 'reservations' });
    const pending = await staffSessionBrowser(t, reservations.id, 'password');
    expect((await sheet(`course_id=${CHAMPIONSHIP}&date=${DAY}`, pending)).statusCode).toBe(401);
  });
});

/** The clock on the morning of DAY, with a session opened then (the one opened at NOW has long ended). */
async function onTheDay(): Promise<() => void> {
  const earlier = starter;
  t.setNow(new Date(`${DAY}T08:30:00Z`));
  starter = await staffSessionBrowser(t, starterId, 'full');
  return () => {
    t.setNow(NOW);
    starter = earlier;
  };
}

describe('PUT /v1/staff/check-ins', () => {
  const put = (body: object) => sendFrom(t.app, starter, 'PUT', '/v1/staff/check-ins', body);
  async function roundsAtNine() {
    const { data } = (await sheet(`course_id=${CHAMPIONSHIP}&date=${DAY}`)).json();
    return data.slots.find((slot: { time: string }) => slot.time === '09:00').bookings as Array<{
      round_id: number;
      booking_number: string;
      check_ins: { position: number; status: string }[];
    }>;
  }
  const checkInRows = () => t.database.db.select().from(golferCheckIns);
  const checkInAudit = async () =>
    (await t.database.db.select().from(staffAuditLog).orderBy(staffAuditLog.id)).filter(
      (row) => row.action === 'golfer.checked_in',
    );

  it('refuses before the day of the round, and changes nothing', async () => {
    const [paid] = await roundsAtNine();
    const early = await put({ round_id: paid!.round_id, position: 1, status: 'arrived' });
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toMatchObject({
      code: 'check_in_not_allowed',
      message: 'Golfers can be checked in from the day of their round.',
    });
    expect(await checkInRows()).toEqual([]);
    expect(await checkInAudit()).toEqual([]);
  });

  it('marks golfers arrived or no-show on the day, shows them on the sheet and audits each change once', async () => {
    const restore = await onTheDay();
    try {
      const [paid] = await roundsAtNine();
      const arrived = await put({ round_id: paid!.round_id, position: 1, status: 'arrived' });
      expect(arrived.statusCode).toBe(200);
      expect(arrived.json().data).toEqual({
        round_id: paid!.round_id,
        booking_number: numbers.paid,
        position: 1,
        status: 'arrived',
      });
      expect((await put({ round_id: paid!.round_id, position: 2, status: 'no_show' })).statusCode).toBe(200);
      // The same mark again changes nothing and is not logged twice.
      expect((await put({ round_id: paid!.round_id, position: 1, status: 'arrived' })).statusCode).toBe(200);

      const [again] = await roundsAtNine();
      expect(again!.check_ins).toEqual([
        { position: 1, status: 'arrived' },
        { position: 2, status: 'no_show' },
      ]);
      const { data } = (await sheet(`course_id=${CHAMPIONSHIP}&date=${DAY}`)).json();
      expect(data.totals).toMatchObject({ arrived: 1, no_show: 1 });

      const audit = await checkInAudit();
      expect(audit.map((row) => [row.targetType, row.targetId, row.before, row.after])).toEqual([
        [
          'booking',
          numbers.paid,
          { round_id: paid!.round_id, position: 1, status: 'expected' },
          { round_id: paid!.round_id, position: 1, status: 'arrived' },
        ],
        [
          'booking',
          numbers.paid,
          { round_id: paid!.round_id, position: 2, status: 'expected' },
          { round_id: paid!.round_id, position: 2, status: 'no_show' },
        ],
      ]);
      expect(audit[0]!.staffUserId).not.toBeNull();

      // Back to expected: the mark is gone, and that is logged too.
      expect((await put({ round_id: paid!.round_id, position: 2, status: 'expected' })).statusCode).toBe(200);
      expect((await roundsAtNine())[0]!.check_ins[1]).toEqual({ position: 2, status: 'expected' });
      expect(await checkInRows()).toHaveLength(1);
      expect((await checkInAudit()).at(-1)!.after).toMatchObject({ position: 2, status: 'expected' });
    } finally {
      restore();
    }
  });

  it('refuses a hold, a golfer the round does not have, an unknown round and malformed input', async () => {
    const restore = await onTheDay();
    try {
      const before = (await checkInRows()).length;
      const { data } = (await sheet(`course_id=${CHAMPIONSHIP}&date=${DAY}`)).json();
      const held = data.slots.find((slot: { time: string }) => slot.time === '09:10').bookings[0];
      const hold = await put({ round_id: held.round_id, position: 1, status: 'arrived' });
      expect(hold.statusCode).toBe(422);
      expect(hold.json().error.message).toBe('Only a confirmed booking can be checked in.');
      const [paid] = await roundsAtNine();
      const third = await put({ round_id: paid!.round_id, position: 3, status: 'arrived' });
      expect(third.statusCode).toBe(422);
      expect(third.json().error.message).toBe('This booking has no such golfer on this round.');
      // Positions go to 16 (a group's golfers), but only the round's own golfers check in.
      const fifth = await put({ round_id: paid!.round_id, position: 5, status: 'arrived' });
      expect(fifth.statusCode).toBe(422);
      expect(fifth.json().error.message).toBe('This booking has no such golfer on this round.');
      const unknown = await put({ round_id: 999_999, position: 1, status: 'arrived' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('round_not_found');
      for (const body of [
        {},
        { round_id: paid!.round_id, position: 17, status: 'arrived' },
        { round_id: paid!.round_id, position: 1, status: 'late' },
        { round_id: 'x', position: 1, status: 'arrived' },
        { round_id: 2 ** 40, position: 1, status: 'arrived' },
        { round_id: paid!.round_id, position: 1.5, status: 'arrived' },
      ]) {
        const response = await put(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      }
      expect(await checkInRows()).toHaveLength(before);
    } finally {
      restore();
    }
  });
});
