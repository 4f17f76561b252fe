import { COURSE_IDS } from '@links/shared/constants';
import { londonTime } from '@links/shared/uk-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { courses, playerTypes, teeWindows } from '../../db/schema/index.ts';
import { SEED_COURSES, SEED_PLAYER_TYPES } from '../../seed/reference-data.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { generateTeeSlots } from './generate-tee-slots.ts';
import { insertBlock, slotsOnDays } from './tee-sheet-test-data.ts';

// The generator on its own, over windows written for the test rather than the published ones.
const { championship } = COURSE_IDS;
let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await database.db
    .insert(courses)
    .values(SEED_COURSES.map((course) => ({ ...course, closingDate: '2026-12-31' })));
  await database.db.insert(playerTypes).values(SEED_PLAYER_TYPES);
});
afterAll(async () => dispose());

async function timesOn(date: string): Promise<string[]> {
  return (await slotsOnDays(database.db, championship, date)).map((row) => londonTime(row.startsAt));
}

describe('generateTeeSlots', () => {
  it('an adjustment for dates replaces the standing windows on them; steps by the course interval', async () => {
    await database.db.update(courses).set({ slotIntervalMinutes: 15 }).where(eq(courses.id, championship));
    await database.db.insert(teeWindows).values([
      // Sundays all year; in June a shorter morning and an evening instead.
      { courseId: championship, weekday: 0, startTime: '11:00', endTime: '11:30' },
      ...[
        ['11:00', '11:15'],
        ['17:00', '17:30'],
      ].map(([startTime, endTime]) => ({
        courseId: championship,
        weekday: 0,
        startTime: startTime!,
        endTime: endTime!,
        validFrom: '2026-06-01',
        validTo: '2026-06-30',
      })),
    ]);
    const result = await generateTeeSlots(database.db, {
      from: '2026-05-31',
      to: '2026-07-05',
      courseIds: [championship],
    });
    expect(await timesOn('2026-05-31')).toEqual(['11:00', '11:15', '11:30']);
    expect(await timesOn('2026-06-07')).toEqual(['11:00', '11:15', '17:00', '17:15', '17:30']);
    expect(await timesOn('2026-06-28')).toEqual(['11:00', '11:15', '17:00', '17:15', '17:30']);
    expect(await timesOn('2026-07-05')).toEqual(['11:00', '11:15', '11:30']);
    // Two Sundays with the standing three tee times, four (June) with the adjustment's five; Monday has none here.
    expect(result).toEqual({ considered: 2 * 3 + 4 * 5, inserted: 2 * 3 + 4 * 5 });
    expect(await timesOn('2026-06-08')).toEqual([]);
  });

  it('skips blocked times and stops at the closing date', async () => {
    await insertBlock(database.db, {
      courseId: championship,
      date: '2026-12-27',
      from: '11:10',
      to: '11:30',
      reason: 'dark',
    });
    await generateTeeSlots(database.db, { from: '2026-12-20', to: '2027-01-10', courseIds: [championship] });
    expect(await timesOn('2026-12-20')).toEqual(['11:00', '11:15', '11:30']);
    expect(await timesOn('2026-12-27')).toEqual(['11:00', '11:30']);
    expect(await timesOn('2027-01-03')).toEqual([]);
  });

  it('is safe to run twice at once: every slot exists once', async () => {
    const options = { from: '2026-08-01', to: '2026-09-30', courseIds: [championship] };
    const [first, second] = await Promise.all([
      generateTeeSlots(database.db, options),
      generateTeeSlots(database.db, options),
    ]);
    expect(first.considered).toBe(9 * 3);
    expect(first.inserted + second.inserted).toBe(9 * 3);
    expect(await slotsOnDays(database.db, championship, '2026-08-01', '2026-09-30')).toHaveLength(9 * 3);
  });

  it('refuses impossible dates', async () => {
    await expect(generateTeeSlots(database.db, { from: '2026-02-30', to: '2026-03-01' })).rejects.toThrow(
      RangeError,
    );
  });
});
