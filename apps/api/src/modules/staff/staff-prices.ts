import { type PricedBooking, PricingError, priceBooking } from '@links/shared/pricing';
import type { GreenFeeChange, StaffPrices } from '@links/shared/schemas/staff-prices';
import type { TicketPricesBody } from '@links/shared/schemas/ticket-prices';
import { and, asc, desc, eq, like } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { greenFees, seasons, staffAuditLog, staffUsers } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { listCourses } from '../courses/courses.repository.ts';
import { listPlayerTypes } from '../player-types/player-types.repository.ts';
import { loadPricingTables } from '../tickets/pricing-tables.repository.ts';
import { recordAudit } from './audit-log.ts';

// Green fees for the resort's staff (issue 23). The public flow prices every booking from loadPricingTables when it
// is made and stores the result on the booking, so a change here applies to bookings priced after it and never to
// one already made. Each change is an audit entry (before and after), which is the price's history.

const HISTORY_LIMIT = 50;
const GREEN_FEE_CHANGED = 'price.green_fee_changed';

const feeKey = (fee: { course_id: number; player_type_id: number; season_id: number }) =>
  `${fee.course_id}-${fee.player_type_id}-${fee.season_id}`;

export async function staffPrices(db: DbOrTx): Promise<StaffPrices> {
  const [courseRows, typeRows, seasonRows, feeRows, historyRows] = await Promise.all([
    listCourses(db),
    listPlayerTypes(db),
    db.select().from(seasons).orderBy(asc(seasons.startDate)),
    db.select().from(greenFees),
    db
      .select({
        at: staffAuditLog.at,
        by: staffUsers.name,
        targetId: staffAuditLog.targetId,
        before: staffAuditLog.before,
        after: staffAuditLog.after,
      })
      .from(staffAuditLog)
      .leftJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffUserId))
      .where(and(eq(staffAuditLog.action, GREEN_FEE_CHANGED), like(staffAuditLog.targetId, '%-%-%')))
      .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
      .limit(HISTORY_LIMIT),
  ]);
  return {
    courses: courseRows.map((course) => ({ id: course.id, name: course.name })),
    player_types: typeRows.map((type) => ({ id: type.id, name: type.name })),
    seasons: seasonRows.map((season) => ({
      id: season.id,
      name: season.name,
      start_date: season.startDate,
      end_date: season.endDate,
    })),
    green_fees: feeRows.map((fee) => ({
      course_id: fee.courseId,
      player_type_id: fee.playerTypeId,
      season_id: fee.seasonId,
      price: fee.pricePence,
    })),
    history: historyRows.map((row) => {
      const [course, type, season] = (row.targetId ?? '').split('-').map(Number);
      const before = (row.before as { price?: number } | null)?.price;
      return {
        at: row.at.toISOString(),
        by: row.by ?? 'Staff',
        course_id: course ?? 0,
        player_type_id: type ?? 0,
        season_id: season ?? 0,
        before: typeof before === 'number' ? before : null,
        after: Number((row.after as { price?: number } | null)?.price ?? 0),
      };
    }),
  };
}

/**
 * Sets one green fee (a new row where the course, type and season had none), with its audit entry, in one
 * transaction; the row is locked so two admins' changes are recorded in order, each with the price it replaced.
 */
export async function changeGreenFee(
  db: Db,
  change: GreenFeeChange,
  staffUserId: number,
  now: Date,
): Promise<StaffPrices> {
  const [courseRows, typeRows, [season]] = await Promise.all([
    listCourses(db),
    listPlayerTypes(db),
    db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, change.season_id)),
  ]);
  const field = !courseRows.some((course) => course.id === change.course_id)
    ? 'course_id'
    : !typeRows.some((type) => type.id === change.player_type_id)
      ? 'player_type_id'
      : !season
        ? 'season_id'
        : null;
  if (field) {
    throw badRequest('Please choose a course, player type and season from the lists.', {
      [field]: 'Please choose one from the list.',
    });
  }
  await db.transaction(async (tx) => {
    const match = and(
      eq(greenFees.courseId, change.course_id),
      eq(greenFees.playerTypeId, change.player_type_id),
      eq(greenFees.seasonId, change.season_id),
    );
    const [existing] = await tx.select().from(greenFees).where(match).for('update');
    if (existing?.pricePence === change.price) return;
    if (existing) {
      await tx.update(greenFees).set({ pricePence: change.price }).where(eq(greenFees.id, existing.id));
    } else {
      // A concurrent first price for the same cell updates instead of failing on the unique key.
      await tx
        .insert(greenFees)
        .values({
          courseId: change.course_id,
          playerTypeId: change.player_type_id,
          seasonId: change.season_id,
          pricePence: change.price,
        })
        .onConflictDoUpdate({
          target: [greenFees.courseId, greenFees.playerTypeId, greenFees.seasonId],
          set: { pricePence: change.price },
        });
    }
    await recordAudit(tx, {
      actor: { staffUserId },
      action: GREEN_FEE_CHANGED,
      target: { type: 'green_fee', id: feeKey(change) },
      before: existing ? { price: existing.pricePence } : null,
      after: { price: change.price },
      at: now,
    });
  });
  loadPricingTables.invalidate(db);
  return staffPrices(db);
}

/**
 * What a visitor would pay for these golfers, courses and dates, by the public flow's own pricing code and tables.
 * Any player type and any date with a fee: staff also price the desk's bookings and dates not yet on sale.
 */
export async function previewPrices(db: DbOrTx, body: TicketPricesBody): Promise<PricedBooking> {
  const [courseRows, typeRows, tables] = await Promise.all([
    listCourses(db),
    listPlayerTypes(db),
    loadPricingTables(db),
  ]);
  for (const [index, round] of body.courses.entries()) {
    if (!courseRows.some((course) => course.id === round.id)) {
      throw badRequest(`There is no course with id ${round.id}.`, {
        [`courses.${index}.id`]: 'Please choose one of our courses.',
      });
    }
  }
  for (const [index, golfer] of body.golfers.entries()) {
    if (!typeRows.some((type) => type.id === golfer.playerTypeId)) {
      throw badRequest(`There is no player type with id ${golfer.playerTypeId}.`, {
        [`golfers.${index}.playerTypeId`]: 'Please choose one of the player types.',
      });
    }
  }
  try {
    return priceBooking(
      body.golfers.map((golfer) => ({ id: golfer.id, playerTypeId: golfer.playerTypeId })),
      body.courses.map((round) => ({ courseId: round.id, date: round.teeTime.date })),
      tables,
    );
  } catch (error) {
    if (error instanceof PricingError) {
      throw error.code === 'no_fee'
        ? new AppError('no_green_fee', 422, error.message)
        : badRequest(error.message, undefined, 'invalid_pricing_request');
    }
    throw error;
  }
}
