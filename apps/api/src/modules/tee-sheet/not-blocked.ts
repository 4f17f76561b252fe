import { sql } from 'drizzle-orm';
import { blockedPeriods, teeSlots } from '../../db/schema/index.ts';

/**
 * A tee slot is bookable only outside every blocked period of its course (competitions, dark times,
 * maintenance). Slots are not created inside known blocks, but a block added later must still hide them.
 */
export const notBlocked = sql`not exists (
  select 1 from ${blockedPeriods}
  where ${blockedPeriods.courseId} = ${teeSlots.courseId}
    and ${blockedPeriods.startsAt} <= ${teeSlots.startsAt}
    and ${blockedPeriods.endsAt} > ${teeSlots.startsAt})`;
