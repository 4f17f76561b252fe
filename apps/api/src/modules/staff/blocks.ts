import { BLOCK_MESSAGES, type Block, type BlockedBooking, type BlockPeriod } from '@links/shared';
import type { BlockPreview, CreatedBlock } from '@links/shared/schemas/staff-blocks';
import { and, asc, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { blockedPeriods, bookingRounds, bookings, courses, teeSlots } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { selectRoundsWithBookingAndSlot } from '../bookings/bookings.repository.ts';
import { leadName } from '../confirmation/confirmation-payload.ts';
import { bookingTakesPlaces } from '../tee-sheet/live-bookings.ts';
import { slotOnSale } from '../tee-sheet/slot-on-sale.ts';
import { recordStaffAudit } from './audit-log.ts';
import { bookingState, bookingStateColumns } from './staff-tee-sheet.ts';

// Blocks (issue 22): a period of one course's tee times taken out of sale. The public diary, availability and the
// booking engine already leave out every slot inside a block (slotOnSale); so creating or removing one row here is
// all it takes, and the diary micro-cache is cleared by this very request (tee-sheet-cache.ts). A block never
// cancels anything: the bookings and live holds inside keep their places, are listed before the block is made and
// must be confirmed; staff then move or cancel each as they decide. A hold being made in the same instant as the
// block can still land inside it; the tee sheet shows it under the block.

type BlockRow = typeof blockedPeriods.$inferSelect;

function blockView(row: BlockRow): Block {
  return {
    id: row.id,
    course_id: row.courseId,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    reason: row.reason,
    note: row.note,
  };
}

async function assertCourse(db: DbOrTx, courseId: number): Promise<void> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('There is no such course.', 'course_not_found');
}

/**
 * The bookings and live holds with a round on the tee slots `where` picks, in tee-time order: what a block or a
 * tee-window change would leave where it is, listed for staff (at most `limit`).
 */
export async function liveBookingsOnSlots(
  db: DbOrTx,
  where: SQL | undefined,
  limit?: number,
): Promise<BlockedBooking[]> {
  const query = selectRoundsWithBookingAndSlot(db, {
    bookingNumber: bookings.bookingNumber,
    ...bookingStateColumns,
    playerDetails: bookings.playerDetails,
    startsAt: teeSlots.startsAt,
    players: bookingRounds.players,
  })
    .where(and(where, bookingTakesPlaces))
    .orderBy(asc(teeSlots.startsAt), asc(bookings.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({
    booking_number: row.bookingNumber,
    state: bookingState(row),
    lead_name: leadName(row.playerDetails),
    starts_at: row.startsAt.toISOString(),
    players: row.players,
  }));
}

/** The bookings and live holds with a round on the course inside the period. */
const bookingsInside = (db: DbOrTx, period: BlockPeriod) =>
  liveBookingsOnSlots(
    db,
    and(
      eq(teeSlots.courseId, period.course_id),
      gte(teeSlots.startsAt, period.starts_at),
      lt(teeSlots.startsAt, period.ends_at),
    ),
  );

async function teeTimesInside(db: DbOrTx, period: BlockPeriod): Promise<number> {
  // Counted in the database: a long block covers tens of thousands of tee times.
  const [counted] = await db
    .select({ total: count() })
    .from(teeSlots)
    .where(
      and(
        eq(teeSlots.courseId, period.course_id),
        gte(teeSlots.startsAt, period.starts_at),
        lt(teeSlots.startsAt, period.ends_at),
        slotOnSale,
      ),
    );
  return counted?.total ?? 0;
}

/** What blocking the period would take out of sale, and the bookings and holds that would be inside it. */
export async function previewBlock(db: DbOrTx, period: BlockPeriod): Promise<BlockPreview> {
  await assertCourse(db, period.course_id);
  const [teeTimes, inside] = await Promise.all([teeTimesInside(db, period), bookingsInside(db, period)]);
  return { tee_times: teeTimes, bookings: inside };
}

export async function createBlock(
  db: Db,
  request: BlockPeriod & { confirm: boolean },
  staffUserId: number,
  now: Date,
): Promise<CreatedBlock> {
  return db.transaction(async (tx) => {
    await assertCourse(tx, request.course_id);
    const inside = await bookingsInside(tx, request);
    if (inside.length > 0 && !request.confirm) {
      throw new AppError('block_has_bookings', 409, BLOCK_MESSAGES.hasBookings);
    }
    const [row] = await tx
      .insert(blockedPeriods)
      .values({
        courseId: request.course_id,
        startsAt: request.starts_at,
        endsAt: request.ends_at,
        reason: request.reason,
        note: request.note,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('block_exists', 409, 'Exactly this period is blocked already.');
    const block = blockView(row);
    await recordStaffAudit(tx, staffUserId, now, {
      action: 'block.created',
      target: { type: 'block', id: block.id },
      before: null,
      after: { ...block, bookings_inside: inside.map((booking) => booking.booking_number) },
    });
    return { block, bookings: inside };
  });
}

export async function removeBlock(db: Db, id: number, staffUserId: number, now: Date): Promise<Block> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(blockedPeriods).where(eq(blockedPeriods.id, id)).returning();
    if (!row) throw notFound('There is no such block.', 'block_not_found');
    const block = blockView(row);
    await recordStaffAudit(tx, staffUserId, now, {
      action: 'block.removed',
      target: { type: 'block', id: block.id },
      before: block,
      after: null,
    });
    return block;
  });
}
