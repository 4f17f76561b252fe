import type { CaddiePriceRange } from '@links/shared/caddies';
import { asc, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caddiePriceRanges } from '../../db/schema/index.ts';

/** Price ranges that end on or after the date: everything the client needs to price caddies from then on. */
export async function findCaddiePriceRangesFrom(db: DbOrTx, startDate: string): Promise<CaddiePriceRange[]> {
  return db
    .select({
      id: caddiePriceRanges.id,
      start_date: caddiePriceRanges.startDate,
      end_date: caddiePriceRanges.endDate,
      price: caddiePriceRanges.pricePence,
    })
    .from(caddiePriceRanges)
    .where(gte(caddiePriceRanges.endDate, startDate))
    .orderBy(asc(caddiePriceRanges.startDate), asc(caddiePriceRanges.id));
}
