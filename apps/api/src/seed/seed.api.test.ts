import { COURSE_IDS } from '@links/shared/constants';
import { londonTime } from '@links/shared/uk-time';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import {
  blockedPeriods,
  bookingRounds,
  bookings,
  courses,
  greenFees,
  teeSlots,
  teeWindows,
} from '../db/schema/index.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { demoBookingNumber } from './demo-data.ts';
import { seedDatabaseWithReport } from './index.ts';

// 10:00 UK on Sunday 1 March 2026: the horizon then runs to 31 October 2027 and spans both 2026 clock changes.
const NOW = new Date('2026-03-01T10:00:00Z');

describe('seedDatabase', () => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
  });
  afterAll(async () => dispose());

  /** The tee slots of a course starting in [from, to), in order. */
  const slotsBetween = (courseId: number, from: Date | string, to: Date | string) =>
    database.db
      .select({ startsAt: teeSlots.startsAt })
      .from(teeSlots)
      .where(
        and(
          eq(teeSlots.courseId, courseId),
          gte(teeSlots.startsAt, new Date(from)),
          lt(teeSlots.startsAt, new Date(to)),
        ),
      )
      .orderBy(teeSlots.startsAt);

  it('loads reference data and about twenty months of slots quickly, then is idempotent', async () => {
    const first = await seedDatabaseWithReport(database.db, { demo: true, now: NOW });
    console.info(`seed: ${first.slotsInserted} slots in ${first.ms} ms (${database.kind})`);
    expect(first.slotsInserted).toBeGreaterThan(50_000);
    expect(first.demoBookings).toBeGreaterThanOrEqual(7);
    // About 2 s on an idle machine; the bound only catches a pathological regression on a busy one.
    expect(first.ms).toBeLessThan(30_000);

    const second = await seedDatabaseWithReport(database.db, { demo: true, now: NOW });
    expect(second.slotsInserted).toBe(0);
    expect(second.slotsConsidered).toBe(first.slotsConsidered);
    expect(second.demoBookings).toBe(0);

    const [courseCount] = await database.db.select({ n: count() }).from(courses);
    expect(courseCount?.n).toBe(3);
    const [windowCount] = await database.db.select({ n: count() }).from(teeWindows);
    // Per course: two windows on each of five weekdays, one on Saturday, one on Sunday.
    expect(windowCount?.n).toBe(3 * (5 * 2 + 2));
    const [feeCount] = await database.db.select({ n: count() }).from(greenFees);
    expect(feeCount?.n).toBeGreaterThan(0);
  });

  it('stops each course at its closing date', async () => {
    const [after] = await database.db
      .select({ n: count() })
      .from(teeSlots)
      .where(gte(teeSlots.startsAt, new Date('2027-11-01T00:00:00Z')));
    expect(after?.n).toBe(0);
    const lastDay = await slotsBetween(
      COURSE_IDS.championship,
      '2027-10-29T00:00:00Z',
      '2027-10-30T00:00:00Z',
    );
    // Friday 29 October 2027: 09:00-12:20 (21) and 13:30-15:50 (15).
    expect(lastDay).toHaveLength(36);
  });

  it('creates Sunday 29 March 2026 (clocks go forward) with every UK wall time once', async () => {
    const rows = await slotsBetween(COURSE_IDS.championship, '2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z');
    const times = rows.map((row) => londonTime(row.startsAt));
    expect(times[0]).toBe('11:30');
    expect(times.at(-1)).toBe('16:50');
    expect(times).toHaveLength(33);
    expect(new Set(times).size).toBe(33);
    // 11:30 BST is 10:30 UTC.
    expect(rows[0]?.startsAt.toISOString()).toBe('2026-03-29T10:30:00.000Z');
  });

  it('creates Sunday 25 October 2026 (clocks go back) with every UK wall time once', async () => {
    const rows = await slotsBetween(COURSE_IDS.burnside, '2026-10-25T00:00:00Z', '2026-10-26T00:00:00Z');
    const times = rows.map((row) => londonTime(row.startsAt));
    // Burnside Sunday: 12:00-17:50, GMT again, so 12:00 UK is 12:00 UTC.
    expect(times).toHaveLength(36);
    expect(new Set(times).size).toBe(36);
    expect(rows[0]?.startsAt.toISOString()).toBe('2026-10-25T12:00:00.000Z');
  });

  it('leaves no slot inside a demo blocked period and books demo slots without overfilling them', async () => {
    const blocks = await database.db.select().from(blockedPeriods);
    expect(blocks.map((block) => block.reason).sort()).toEqual(['competition', 'dark', 'dark']);
    for (const block of blocks) {
      expect(await slotsBetween(block.courseId, block.startsAt, block.endsAt)).toEqual([]);
    }
    const demo = await database.db
      .select({ slotId: bookingRounds.slotId, players: bookingRounds.players })
      .from(bookingRounds)
      .innerJoin(bookings, eq(bookings.id, bookingRounds.bookingId))
      .where(eq(bookings.status, 'confirmed'));
    const perSlot = new Map<number, number>();
    for (const round of demo) perSlot.set(round.slotId, (perSlot.get(round.slotId) ?? 0) + round.players);
    expect(Math.max(...perSlot.values())).toBe(4);
    expect([...perSlot.values()].every((players) => players <= 4)).toBe(true);
    expect(demoBookingNumber(0)).toMatch(/^\d{10}$/);
  });
});
