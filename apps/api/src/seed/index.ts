import { PUBLISHED_TEE_WINDOWS } from '@links/shared/tee-times';
import { todayInLondon } from '@links/shared/uk-time';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  caddiePriceRanges,
  combinationPackageCourses,
  combinationPackagePrices,
  combinationPackages,
  courses,
  greenFees,
  playerTypes,
  seasons,
  teeWindows,
} from '../db/schema/index.ts';
import { generateTeeSlots } from '../modules/tee-sheet/generate-tee-slots.ts';
import { seedDemoBlockedPeriods, seedDemoBookings } from './demo-data.ts';
import {
  DEMO_CADDIE_PRICES,
  DEMO_COMBINATION_PACKAGES,
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
    await tx
      .insert(seasons)
      .values(seasonRows.map(({ name, startDate, endDate }) => ({ name, startDate, endDate })))
      .onConflictDoNothing();
    const storedSeasons = await tx
      .select({ id: seasons.id, name: seasons.name })
      .from(seasons)
      .where(
        inArray(
          seasons.name,
          seasonRows.map((season) => season.name),
        ),
      );
    const seasonIdByName = new Map(storedSeasons.map((season) => [season.name, season.id]));

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

    await tx
      .insert(combinationPackages)
      .values(DEMO_COMBINATION_PACKAGES.map(({ code, name, sortOrder }) => ({ code, name, sortOrder })))
      .onConflictDoNothing();
    const storedPackages = await tx
      .select({ id: combinationPackages.id, code: combinationPackages.code })
      .from(combinationPackages)
      .where(
        inArray(
          combinationPackages.code,
          DEMO_COMBINATION_PACKAGES.map((pkg) => pkg.code),
        ),
      );
    const packageIdByCode = new Map(storedPackages.map((pkg) => [pkg.code, pkg.id]));
    // Courses only for a package with none yet: staff change a package's courses, and a course taken out there must
    // stay out on the next start.
    const withCourses = new Set(
      (
        await tx
          .selectDistinct({ packageId: combinationPackageCourses.packageId })
          .from(combinationPackageCourses)
      ).map((row) => row.packageId),
    );
    const packageCourseRows = DEMO_COMBINATION_PACKAGES.filter(
      (pkg) => !withCourses.has(packageIdByCode.get(pkg.code)!),
    ).flatMap((pkg) =>
      pkg.courseIds.map((courseId) => ({ packageId: packageIdByCode.get(pkg.code)!, courseId })),
    );
    if (packageCourseRows.length > 0) {
      await tx.insert(combinationPackageCourses).values(packageCourseRows).onConflictDoNothing();
    }
    const packagePriceRows = DEMO_COMBINATION_PACKAGES.flatMap((pkg) =>
      Object.entries(pkg.prices).map(([playerTypeId, pricePence]) => ({
        packageId: packageIdByCode.get(pkg.code)!,
        playerTypeId: Number(playerTypeId),
        pricePence,
      })),
    );
    await tx.insert(combinationPackagePrices).values(packagePriceRows).onConflictDoNothing();

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
