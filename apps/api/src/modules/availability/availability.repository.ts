import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookingRounds, bookings, teeSlots } from '../../db/schema/index.ts';
import { bookingTakesPlaces } from '../tee-sheet/live-bookings.ts';
import { slotOnSale } from '../tee-sheet/slot-on-sale.ts';

export type DayUsage = {
  /** UK date, yyyy-MM-dd. */
  date: string;
  slots: number;
  /** Slots with at least one free place. */
  openSlots: number;
  places: number;
  freePlaces: number;
};

/** A UK date and the instant it starts. */
export type UkDay = { date: string; start: Date };

export type DailyUsageQuery = {
  courseId: number;
  /** Consecutive UK dates, in order, with their starts. */
  days: UkDay[];
  /** The start of the day after the last one. */
  end: Date;
  /** Slots starting before this are left out (today's started slots); defaults to the start of the first day. */
  from?: Date;
};

type UsageRow = { bucket: number; slots: number; open_slots: number; places: number; free_places: number };

/**
 * Places per UK day for one course's unblocked slots, counted with the diary's rules (live bookings only).
 * One query: the slot range from the (course_id, starts_at) index, each slot's live players from the
 * (slot_id, booking_id, players) index and the bookings' primary key, grouped by day.
 */
export function dailyUsageSql(query: DailyUsageQuery): SQL {
  const first = query.days[0];
  if (!first) throw new RangeError('dailyUsageSql needs at least one day.');
  const from = query.from ?? first.start;
  // Day boundaries for width_bucket: bucket 0 is the first day, bucket i the day starting at the i-th threshold.
  // Comparing instants with precomputed UK midnights keeps time-zone arithmetic out of the per-row work.
  const thresholds = `{${query.days
    .slice(1)
    .map((day) => day.start.toISOString())
    .join(',')}}`;
  return sql`
    select width_bucket(${teeSlots.startsAt}, ${thresholds}::timestamptz[]) as bucket,
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
      and ${teeSlots.startsAt} >= ${from.toISOString()}::timestamptz
      and ${teeSlots.startsAt} < ${query.end.toISOString()}::timestamptz
      and ${slotOnSale}
    group by 1`;
}

export async function findDailyUsage(db: DbOrTx, query: DailyUsageQuery): Promise<DayUsage[]> {
  const result = await db.execute<UsageRow>(dailyUsageSql(query));
  return result.rows.map((row) => ({
    date: query.days[Number(row.bucket)]!.date,
    slots: Number(row.slots),
    openSlots: Number(row.open_slots),
    places: Number(row.places),
    freePlaces: Number(row.free_places),
  }));
}
