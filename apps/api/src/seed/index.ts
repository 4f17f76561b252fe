import { PUBLISHED_TEE_WINDOWS } from '@links/shared/tee-times';
import { todayInLondon } from '@links/shared/uk-time';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  caddiePriceRanges,
  courses,
  greenFees,
  playerTypes,
  seasons,
  teeWindows,
} from '../db/schema/index.ts';
import { generateTeeSlots } from '../modules/tee-sheet/generate-tee-slots.ts';
import { seedCombinationPackages } from './combination-packages.ts';
import { seedDemoBlockedPeriods, seedDemoBookings } from './demo-data.ts';
import { idsByKey } from './ids-by-key.ts';
import {
  DEMO_CADDIE_PRICES,
  DEMO_GREEN_FEES,
  SEED_COURSES,
  SEED_PLAYER_TYPES,
  seasonsForYear,
} from './reference-data.ts';

export type SeedOptions = {
  /** Also load demo blocked periods and demo bookings, so the tee sheet shows partly filled and full slots. */
  demo: boolean;
  /** The clock the seed plans from (today, closing dates, the slot horizon); tests drive it. */
  now?: Date;
};

export type SeedReport = { slotsConsidered: number; slotsInserted: number; demoBookings: number; ms: number };

/**
 * Loads the reference data and the bookable tee slots. Idempotent: every insert skips rows that exist, so it runs
 * on every start; rows staff have edited are left alone.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
  await seedDatabaseWithReport(db, options);
}

export async function seedDatabaseWithReport(db: Db, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const today = todayInLondon(now);
  const year = Number(today.slice(0, 4));
  // Bookable until the end of next year's summer season.
  const closingDate = `${year + 1}-10-31`;

  await db.transaction(async (tx) => {
    await tx
      .insert(courses)
      .values(SEED_COURSES.map((course) => ({ ...course, closingDate })))
      .onConflictDoNothing();
    await tx.insert(playerTypes).values(SEED_PLAYER_TYPES).onConflictDoNothing();

    // Only for a course with no windows yet: staff change a course's windows in the staff area (a window removed there
    // must stay removed on the next start), so the published ones are its first windows, never a repair.
    const withWindows = new Set(
      (await tx.selectDistinct({ courseId: teeWindows.courseId }).from(teeWindows)).map(
        (row) => row.courseId,
      ),
    );
    const windowRows = SEED_COURSES.flatMap((course) => {
      const weekly = PUBLISHED_TEE_WINDOWS[course.id];
      if (!weekly || withWindows.has(course.id)) return [];
      return [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => {
        const windows = weekday === 0 ? weekly.sunday : weekday === 6 ? weekly.saturday : weekly.weekday;
        return windows.map((window) => ({
          courseId: course.id,
          weekday,
          startTime: `${window.start}:00`,
          endTime: `${window.end}:00`,
        }));
      });
    });
    if (windowRows.length > 0) await tx.insert(teeWindows).values(windowRows).onConflictDoNothing();

    const seasonRows = [];
    for (let seasonYear = year - 1; seasonYear <= year + 1; seasonYear += 1) {
      seasonRows.push(...seasonsForYear(seasonYear));
    }
    const seasonNames = seasonRows.map(({ name }) => name);
    await tx
      .insert(seasons)
      .values(seasonRows.map(({ name, startDate, endDate }) => ({ name, startDate, endDate })))
      .onConflictDoNothing();
    const seasonIdByName = await idsByKey(tx, seasons.id, seasons.name, seasonNames);

    const feeRows = seasonRows.flatMap((season) => {
      const seasonId = seasonIdByName.get(season.name);
      if (seasonId === undefined) return [];
      return Object.entries(DEMO_GREEN_FEES).flatMap(([courseId, byType]) =>
        Object.entries(byType).map(([playerTypeId, prices]) => ({
          courseId: Number(courseId),
          playerTypeId: Number(playerTypeId),
          seasonId,
          pricePence: prices[season.kind],
        })),
      );
    });
    await tx.insert(greenFees).values(feeRows).onConflictDoNothing();

    await seedCombinationPackages(tx);

    await tx
      .insert(caddiePriceRanges)
      .values(
        seasonRows.map((season) => ({
          startDate: season.startDate,
          endDate: season.endDate,
          pricePence: DEMO_CADDIE_PRICES[season.kind],
        })),
      )
      .onConflictDoNothing();

    if (options.demo) await seedDemoBlockedPeriods(tx, now);
  });

  const lastClosing = await db
    .select({ value: sql<string>`max(${courses.closingDate})::text` })
    .from(courses);
  const horizonEnd = lastClosing[0]?.value ?? closingDate;
  const slots = await generateTeeSlots(db, { from: today, to: horizonEnd });

  const demoBookings = options.demo ? await seedDemoBookings(db, now) : 0;
  return {
    slotsConsidered: slots.considered,
    slotsInserted: slots.inserted,
    demoBookings,
    ms: Math.round(performance.now() - started),
  };
}
