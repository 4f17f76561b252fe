import { randomInt } from 'node:crypto';
import { addDays, londonWallTimeToUtc } from '@links/shared/uk-time';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { blockedPeriods, bookingRounds, bookings, teeSlots } from '../../db/schema/index.ts';
import { serializeWithSchema } from '../../lib/prebuilt-json.ts';
import { seedDatabase } from '../../seed/index.ts';
import { apiHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';

// Test-only helpers for the tee-sheet API tests: an app seeded and pinned to a clock, and bookings written straight
// into the tables (the booking engine is not needed to put players into slots).

export type SeededApp = TestApp & { setNow(now: Date): void };

/** Runs `check` with the app's clock at `instant`, then sets it back to `after` however the check ends. */
export async function atInstant<T>(
  t: SeededApp,
  instant: Date,
  after: Date,
  check: () => Promise<T>,
): Promise<T> {
  t.setNow(instant);
  try {
    return await check();
  } finally {
    t.setNow(after);
  }
}

export async function createSeededApp(now: Date): Promise<SeededApp> {
  const testApp = await createTestApp();
  await seedDatabase(testApp.database.db, { demo: false, now });
  testApp.clock.pin(() => now);
  return { ...testApp, setNow: (next) => testApp.clock.pin(() => next) };
}

/** A public read from a visitor's browser (its session cookie when given). */
export function publicGet(t: TestApp, url: string, cookie?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: apiHeaders(cookie ? { cookie } : {}) });
}

/**
 * The `data` of a 200 answer from a route that writes its JSON itself: the body must be byte for byte what the zod
 * serialiser makes of it.
 */
export function prebuiltData<T>(response: LightMyRequestResponse, schema: z.ZodType<{ data: T }>): T {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).toBe(serializeWithSchema(schema, response.json()));
  return response.json().data;
}

export async function slotIdAt(db: DbOrTx, courseId: number, date: string, time: string): Promise<number> {
  const [slot] = await db
    .select({ id: teeSlots.id })
    .from(teeSlots)
    .where(and(eq(teeSlots.courseId, courseId), eq(teeSlots.startsAt, londonWallTimeToUtc(date, time))));
  if (!slot) throw new Error(`No tee slot for course ${courseId} at ${date} ${time}`);
  return slot.id;
}

/** The tee slots of a course on the UK days `from` to `to` (both included), earliest first. */
export function slotsOnDays(db: DbOrTx, courseId: number, from: string, to = from) {
  return db
    .select({ id: teeSlots.id, startsAt: teeSlots.startsAt })
    .from(teeSlots)
    .where(
      and(
        eq(teeSlots.courseId, courseId),
        gte(teeSlots.startsAt, londonWallTimeToUtc(from, '00:00')),
        lt(teeSlots.startsAt, londonWallTimeToUtc(addDays(to, 1), '00:00')),
      ),
    )
    .orderBy(asc(teeSlots.startsAt));
}

export type TestBlock = {
  courseId: number;
  /** The UK day it starts on, and the day it ends on when that is another. */
  date: string;
  endDate?: string;
  /** UK wall times. */
  from: string;
  to: string;
  reason: (typeof blockedPeriods.$inferInsert)['reason'];
  note?: string;
};

/** A blocked period written straight into the table, as staff blocking a course's tee times leave one. */
export async function insertBlock(db: DbOrTx, block: TestBlock): Promise<void> {
  await db.insert(blockedPeriods).values({
    courseId: block.courseId,
    startsAt: londonWallTimeToUtc(block.date, block.from),
    endsAt: londonWallTimeToUtc(block.endDate ?? block.date, block.to),
    reason: block.reason,
    ...(block.note === undefined ? {} : { note: block.note }),
  });
}

/** Hold expiries relative to the database clock, which is the clock that decides whether a hold still counts. */
export const holdExpiring = {
  inFiveMinutes: sql`now() + interval '5 minutes'`,
  /** Expired, but inside the one-minute release grace: still counts. */
  thirtySecondsAgo: sql`now() - interval '30 seconds'`,
  /** Expired and released. */
  twoMinutesAgo: sql`now() - interval '2 minutes'`,
};

export type TestBooking = {
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  holdExpiresAt?: SQL | Date;
  rounds: Array<{ courseId: number; slotId: number; players: number }>;
};

export async function insertBooking(db: DbOrTx, booking: TestBooking): Promise<number> {
  const [row] = await db
    .insert(bookings)
    .values({
      bookingNumber: String(randomInt(1_000_000_000, 9_999_999_999)),
      status: booking.status,
      holdExpiresAt: booking.holdExpiresAt ?? (booking.status === 'held' ? holdExpiring.inFiveMinutes : null),
    })
    .returning({ id: bookings.id });
  await db.insert(bookingRounds).values(booking.rounds.map((round) => ({ ...round, bookingId: row!.id })));
  return row!.id;
}

/** A booking of `players` in each tee slot at `times` of a course and day (held ones expiring at `holdExpiresAt`). */
export async function fillSlots(
  db: DbOrTx,
  courseId: number,
  date: string,
  times: string[],
  players: number,
  status: 'confirmed' | 'held' = 'confirmed',
  holdExpiresAt = holdExpiring.inFiveMinutes,
) {
  for (const time of times) {
    const slotId = await slotIdAt(db, courseId, date, time);
    await insertBooking(db, {
      status,
      ...(status === 'held' ? { holdExpiresAt } : {}),
      rounds: [{ courseId, slotId, players }],
    });
  }
}

/**
 * A confirmed booking of one round, paid in full (£240) by Ada Lovelace: the booking staff must keep and list when a
 * block or a tee-window change covers its tee time. Answers its id and booking number.
 */
export async function insertPaidBooking(
  db: DbOrTx,
  round: TestBooking['rounds'][number],
): Promise<{ id: number; bookingNumber: string }> {
  const id = await insertBooking(db, { status: 'confirmed', rounds: [round] });
  const [row] = await db
    .update(bookings)
    .set({
      payablePence: 24_000,
      paidPence: 24_000,
      playerDetails: { first_name: 'Ada', surname: 'Lovelace' },
    })
    .where(eq(bookings.id, id))
    .returning({ bookingNumber: bookings.bookingNumber });
  return { id, bookingNumber: row!.bookingNumber };
}

/** Every wall time from start to end (inclusive) in 10-minute steps. */
export function wallTimes(start: string, end: string): string[] {
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const times: string[] = [];
  for (let minute = toMinutes(start); minute <= toMinutes(end); minute += 10) {
    times.push(`${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`);
  }
  return times;
}
