import type { Tx } from '../db/client.ts';
import {
  combinationPackageCourses,
  combinationPackagePrices,
  combinationPackages,
} from '../db/schema/index.ts';
import { idsByKey } from './ids-by-key.ts';
import { DEMO_COMBINATION_PACKAGES } from './reference-data.ts';

/** The demo combination packages, their courses and their prices, where the database does not have them yet. */
export async function seedCombinationPackages(tx: Tx): Promise<void> {
  await tx
    .insert(combinationPackages)
    .values(DEMO_COMBINATION_PACKAGES.map(({ code, name, sortOrder }) => ({ code, name, sortOrder })))
    .onConflictDoNothing();
  const packageCodes = DEMO_COMBINATION_PACKAGES.map(({ code }) => code);
  const packageIdByCode = await idsByKey(tx, combinationPackages.id, combinationPackages.code, packageCodes);
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
}
