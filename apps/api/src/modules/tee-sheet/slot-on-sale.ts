import { sql } from 'drizzle-orm';
import { blockedPeriods, teeSlots } from '../../db/schema/index.ts';

/**
 * A tee slot is on sale only while it lies inside its course's tee windows (not withdrawn by a window change) and
 * outside every blocked period (competitions, dark times, maintenance). Slots are not created inside known blocks,
 * but a block added later must still hide them.
 */
export const slotOnSale = sql`(${teeSlots.withdrawnAt} is null and not exists (
  select 1 from ${blockedPeriods}
  where ${blockedPeriods.courseId} = ${teeSlots.courseId}
    and ${blockedPeriods.startsAt} <= ${teeSlots.startsAt}
    and ${blockedPeriods.endsAt} > ${teeSlots.startsAt}))`;
