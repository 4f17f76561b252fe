import { UK_TIME_ZONE } from '@links/shared/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookingRounds, bookings, teeSlots } from '../../db/schema/index.ts';
import { bookingTakesPlaces } from '../diary/live-bookings.ts';
import { notBlocked } from '../diary/not-blocked.ts';

export type DayUsage = {
  /** UK date, yyyy-MM-dd. */
  date: string;
  slots: number;
  /** Slots with at least one free place. */
  openSlots: number;
  places: number;
  freePlaces: number;
};

type UsageRow = { day: string; slots: number; open_slots: number; places: number; free_places: number };

/**
 * Places per UK day for one course's unblocked slots in [from, to), counted with the diary's rules (live
 * bookings only). One query: the slot range from the (course_id, starts_at) index, each slot's live players
 * from the (slot_id, booking_id, players) index and the bookings' primary key, grouped by UK date.
 */
export type DailyUsageQuery = { courseId: number; from: Date; to: Date };

export function dailyUsageSql(query: DailyUsageQuery): SQL {
  return sql`
    select to_char(${teeSlots.startsAt} at time zone ${UK_TIME_ZONE}::text, 'YYYY-MM-DD') as day,
           count(*)::integer as slots,
           (count(*) filter (where coalesce(taken.players, 0) < ${teeSlots.capacity}))::integer as open_slots,
           sum(${teeSlots.capacity})::integer as places,
           sum(greatest(${teeSlots.capacity} - coalesce(taken.players, 0), 0))::integer as free_places
    from ${teeSlots}
    left join lateral (
      select sum(${bookingRounds.players})::integer as players
      from ${bookingRounds} join ${bookings} on ${bookings.id} = ${bookingRounds.bookingId}
      where ${bookingRounds.slotId} = ${teeSlots.id} and ${bookingTakesPlaces}
    ) as taken on true
    where ${teeSlots.courseId} = ${query.courseId}
      and ${teeSlots.startsAt} >= ${query.from.toISOString()}::timestamptz
      and ${teeSlots.startsAt} < ${query.to.toISOString()}::timestamptz
      and ${notBlocked}
    group by 1
    order by 1`;
}

export async function findDailyUsage(db: DbOrTx, query: DailyUsageQuery): Promise<DayUsage[]> {
  const result = await db.execute<UsageRow>(dailyUsageSql(query));
  return result.rows.map((row) => ({
    date: row.day,
    slots: Number(row.slots),
    openSlots: Number(row.open_slots),
    places: Number(row.places),
    freePlaces: Number(row.free_places),
  }));
}
