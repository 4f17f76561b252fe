import type { CombinationPackage, GreenFee, PricingTables } from '@links/shared/pricing';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  combinationPackageCourses,
  combinationPackagePrices,
  combinationPackages,
  greenFees,
  seasons,
} from '../../db/schema/index.ts';
import { cachedReference } from '../../lib/reference-cache.ts';
import { listCourses } from '../courses/courses.repository.ts';

/** Everything priceBooking needs, read from the resort's own tables (client prices are never trusted). */
export const loadPricingTables = cachedReference(async (db: DbOrTx): Promise<PricingTables> => {
  const [feeRows, packageRows, packageCourseRows, courseRows] = await Promise.all([
    db
      .select({
        courseId: greenFees.courseId,
        playerTypeId: greenFees.playerTypeId,
        seasonStart: seasons.startDate,
        seasonEnd: seasons.endDate,
        pricePence: greenFees.pricePence,
      })
      .from(greenFees)
      .innerJoin(seasons, eq(seasons.id, greenFees.seasonId)),
    db
      .select({
        id: combinationPackages.id,
        name: combinationPackages.name,
        validFromMonthDay: combinationPackages.validFromMonthDay,
        validToMonthDay: combinationPackages.validToMonthDay,
        playerTypeId: combinationPackagePrices.playerTypeId,
        pricePence: combinationPackagePrices.pricePence,
      })
      .from(combinationPackages)
      .innerJoin(combinationPackagePrices, eq(combinationPackagePrices.packageId, combinationPackages.id)),
    db.select().from(combinationPackageCourses),
    listCourses(db),
  ]);
  const coursesByPackage = new Map<number, number[]>();
  for (const row of packageCourseRows) {
    coursesByPackage.set(row.packageId, [...(coursesByPackage.get(row.packageId) ?? []), row.courseId]);
  }
  const greenFeeList: GreenFee[] = feeRows;
  const packages: CombinationPackage[] = packageRows
    .map((row) => ({ ...row, courseIds: (coursesByPackage.get(row.id) ?? []).sort((a, b) => a - b) }))
    // A package with fewer than two courses is not a combination; it would only shadow a green fee.
    .filter((pkg) => pkg.courseIds.length >= 2);
  return {
    greenFees: greenFeeList,
    packages,
    courseNames: Object.fromEntries(courseRows.map((course) => [course.id, course.name])),
  };
});
