import type { DiarySlot } from '@links/shared/slot-state';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookingRounds, bookings, teeSlots } from '../../db/schema/index.ts';
import { bookingTakesPlaces } from './live-bookings.ts';
import { slotOnSale } from './slot-on-sale.ts';

export type DiaryQuery = {
  courseId: number;
  /** Slots starting at or after this instant (the UK day's start, or now for today's remaining slots). */
  from: Date;
  /** Slots starting before this instant (the next UK day's start). */
  to: Date;
  /** This booking's own places are left out: they do not count against it. */
  excludeBookingId?: number;
};

type DiaryRow = { id: number; starts_at: Date | string; booking_id: number | null; players: number | null };

/**
 * The tee sheet of one course between two instants: every unblocked slot with the live bookings in it.
 * One query: the slot range comes from the (course_id, starts_at) unique index, each slot's rounds from the
 * (slot_id, booking_id, players) index, and each round's booking by primary key.
 */
export function diarySlotsSql(query: DiaryQuery): SQL {
  const excluded = query.excludeBookingId ?? null;
  return sql`
    select ${teeSlots.id} as id, ${teeSlots.startsAt} as starts_at,
           ${bookingRounds.bookingId} as booking_id, ${bookingRounds.players} as players
    from ${teeSlots}
    left join (${bookingRounds} join ${bookings} on ${bookings.id} = ${bookingRounds.bookingId})
      on ${bookingRounds.slotId} = ${teeSlots.id}
      and ${bookingTakesPlaces}
      and ${bookings.id} is distinct from ${excluded}::integer
    where ${teeSlots.courseId} = ${query.courseId}
      and ${teeSlots.startsAt} >= ${query.from.toISOString()}::timestamptz
      and ${teeSlots.startsAt} < ${query.to.toISOString()}::timestamptz
      and ${slotOnSale}
    order by ${teeSlots.startsAt}, ${bookingRounds.bookingId}`;
}

export async function findDiarySlots(db: DbOrTx, query: DiaryQuery): Promise<DiarySlot[]> {
  const result = await db.execute<DiaryRow>(diarySlotsSql(query));

  const slots: DiarySlot[] = [];
  for (const row of result.rows) {
    let slot = slots[slots.length - 1];
    if (!slot || slot.id !== row.id) {
      slot = { id: row.id, slot_date_time: new Date(row.starts_at).toISOString(), bookings: [] };
      slots.push(slot);
    }
    if (row.booking_id !== null && row.players !== null) {
      slot.bookings.push({ booking_id: row.booking_id, players: row.players });
    }
  }
  return slots;
}

/** Whether `bookingId` is a held booking made by the session with key `sessionKey` (its owner may view it). */
export async function isOwnHeldBooking(db: DbOrTx, bookingId: number, sessionKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.sessionKey, sessionKey), eq(bookings.status, 'held')))
    .limit(1);
  return row !== undefined;
}
