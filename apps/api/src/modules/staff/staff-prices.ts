import { type PricedBooking, PricingError, priceBooking } from '@links/shared/pricing';
import type {
  ClosingDateAnswer,
  ClosingDateChange,
  GreenFeeChange,
  NewCaddieRange,
  NewSeason,
  PackageDetails,
  PackagePriceChange,
  StaffPrices,
} from '@links/shared/schemas/staff-prices';
import type { TicketPricesBody } from '@links/shared/schemas/ticket-prices';
import { addDays, formatLongDate, londonWallTimeToUtc, todayInLondon } from '@links/shared/uk-time';
import { and, asc, eq, getTableName, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  bookingRounds,
  bookings,
  caddiePriceRanges,
  combinationPackageCourses,
  combinationPackagePrices,
  combinationPackages,
  courses,
  greenFees,
  seasons,
  teeSlots,
} from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { listCourses } from '../courses/courses.repository.ts';
import { listPlayerTypes } from '../player-types/player-types.repository.ts';
import { generateTeeSlots } from '../tee-sheet/generate-tee-slots.ts';
import { loadPricingTables } from '../tickets/pricing-tables.repository.ts';
import { latestEntries, recordAudit } from './audit-log.ts';

// Green fees for the resort's staff (issue 23). The public flow prices every booking from loadPricingTables when it
// is made and stores the result on the booking, so a change here applies to bookings priced after it and never to
// one already made. Each change of a price is an audit entry (before and after), which is the price's history.

const HISTORY_LIMIT = 100;
const GREEN_FEE_CHANGED = 'price.green_fee_changed';
const PACKAGE_PRICE_CHANGED = 'price.package_changed';
const CADDIE_FEE_CHANGED = 'price.caddie_fee_changed';
const PRICE_CHANGES = [GREEN_FEE_CHANGED, PACKAGE_PRICE_CHANGED, CADDIE_FEE_CHANGED] as const;

type PriceAuditRow = {
  id: number;
  at: Date;
  by: string | null;
  action: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
};

/** One price change from its audit entry; the target names the price (course-type-season, package-type or range). */
function priceChange(row: PriceAuditRow): StaffPrices['history'][number] | null {
  const price = (value: unknown) => (value as { price?: unknown } | null)?.price;
  const before = price(row.before);
  const after = price(row.after);
  if (typeof after !== 'number') return null;
  const base = {
    id: row.id,
    at: row.at.toISOString(),
    by: row.by ?? 'Staff',
    before: typeof before === 'number' ? before : null,
    after,
  };
  const ids = (row.targetId ?? '').split('-').map(Number);
  if (row.action === GREEN_FEE_CHANGED) {
    const [course_id = 0, player_type_id = 0, season_id = 0] = ids;
    return { ...base, kind: 'green_fee', course_id, player_type_id, season_id };
  }
  if (row.action === PACKAGE_PRICE_CHANGED) {
    const [package_id = 0, player_type_id = 0] = ids;
    return { ...base, kind: 'package', package_id, player_type_id };
  }
  const range = row.after as { start_date?: unknown; end_date?: unknown };
  if (typeof range.start_date !== 'string' || typeof range.end_date !== 'string') return null;
  return { ...base, kind: 'caddie', start_date: range.start_date, end_date: range.end_date };
}

const feeKey = (fee: { course_id: number; player_type_id: number; season_id: number }) =>
  `${fee.course_id}-${fee.player_type_id}-${fee.season_id}`;

export async function staffPrices(db: DbOrTx): Promise<StaffPrices> {
  const [
    courseRows,
    typeRows,
    seasonRows,
    feeRows,
    historyRows,
    caddieRows,
    packageRows,
    packageCourseRows,
    packagePriceRows,
  ] = await Promise.all([
    listCourses(db),
    listPlayerTypes(db),
    db.select().from(seasons).orderBy(asc(seasons.startDate)),
    db.select().from(greenFees),
    latestEntries(db, PRICE_CHANGES, HISTORY_LIMIT),
    db.select().from(caddiePriceRanges).orderBy(asc(caddiePriceRanges.startDate)),
    db
      .select()
      .from(combinationPackages)
      .orderBy(asc(combinationPackages.sortOrder), asc(combinationPackages.id)),
    db.select().from(combinationPackageCourses),
    db.select().from(combinationPackagePrices),
  ]);
  return {
    courses: courseRows.map((course) => ({
      id: course.id,
      name: course.name,
      closing_date: course.closingDate,
    })),
    player_types: typeRows.map((type) => ({ id: type.id, name: type.name })),
    seasons: seasonRows.map((season) => ({
      id: season.id,
      name: season.name,
      start_date: season.startDate,
      end_date: season.endDate,
    })),
    packages: packageRows.map((pkg) => ({
      id: pkg.id,
      name: pkg.name,
      course_ids: packageCourseRows
        .filter((row) => row.packageId === pkg.id)
        .map((row) => row.courseId)
        .sort((a, b) => a - b),
      valid_from: pkg.validFromMonthDay,
      valid_to: pkg.validToMonthDay,
      prices: packagePriceRows
        .filter((row) => row.packageId === pkg.id)
        .map((row) => ({ player_type_id: row.playerTypeId, price: row.pricePence })),
    })),
    caddie_ranges: caddieRows.map((range) => ({
      id: range.id,
      start_date: range.startDate,
      end_date: range.endDate,
      price: range.pricePence,
    })),
    green_fees: feeRows.map((fee) => ({
      course_id: fee.courseId,
      player_type_id: fee.playerTypeId,
      season_id: fee.seasonId,
      price: fee.pricePence,
    })),
    history: historyRows.flatMap(({ entry, staffName }) => {
      const change = priceChange({ ...entry, by: staffName });
      return change ? [change] : [];
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
    throw pricingRefusal(error);
  }
}

/** What the public flow answers when pricing fails: a gap in the fee tables (422), else a caller error (400). */
function pricingRefusal(error: unknown): unknown {
  if (!(error instanceof PricingError)) return error;
  if (error.code === 'no_fee') return new AppError('no_green_fee', 422, error.message);
  return badRequest(error.message, undefined, 'invalid_pricing_request');
}

const seasonConflict = (message: string) => new AppError('season_conflict', 409, message);

/** The tables whose rows are ranges of days that never overlap. */
type DayRangeTable = typeof seasons | typeof caddiePriceRanges;

/**
 * The first row of `table` (by start date) whose days overlap the range, read under an advisory lock named after the
 * table, so the check and the insert after it never interleave with another admin's.
 */
async function firstOverlap<T extends DayRangeTable>(
  tx: Tx,
  table: T,
  range: { start_date: string; end_date: string },
): Promise<T['$inferSelect'] | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${sql.raw(`'${getTableName(table)}'`)}))`);
  const ranges: DayRangeTable = table;
  const [clash] = await tx
    .select()
    .from(ranges)
    .where(and(lte(ranges.startDate, range.end_date), gte(ranges.endDate, range.start_date)))
    .orderBy(asc(ranges.startDate))
    .limit(1);
  return clash as T['$inferSelect'] | undefined;
}

/**
 * A new season, its green fees copied from another where asked (each then changed one by one). Seasons never overlap:
 * the first clash is named. The check and the insert run under one advisory lock, so two admins cannot each add
 * half of an overlap.
 */
export async function createSeason(
  db: Db,
  season: NewSeason,
  staffUserId: number,
  now: Date,
): Promise<StaffPrices> {
  await db.transaction(async (tx) => {
    const clash = await firstOverlap(tx, seasons, season);
    if (clash) {
      throw seasonConflict(
        `The dates overlap ${clash.name} (${formatLongDate(clash.startDate)} to ${formatLongDate(clash.endDate)}).`,
      );
    }
    const [named] = await tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.name, season.name));
    if (named) throw seasonConflict(`A season is already called ${season.name}.`);
    const source =
      season.copy_fees_from === null
        ? []
        : await tx.select().from(greenFees).where(eq(greenFees.seasonId, season.copy_fees_from));
    if (season.copy_fees_from !== null && source.length === 0) {
      throw badRequest('Please choose a season with green fees to copy.', {
        copy_fees_from: 'No fees to copy.',
      });
    }
    const [created] = await tx
      .insert(seasons)
      .values({ name: season.name, startDate: season.start_date, endDate: season.end_date })
      .returning({ id: seasons.id });
    if (source.length > 0) {
      await tx.insert(greenFees).values(
        source.map((fee) => ({
          courseId: fee.courseId,
          playerTypeId: fee.playerTypeId,
          seasonId: created!.id,
          pricePence: fee.pricePence,
        })),
      );
    }
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'season.created',
      target: { type: 'season', id: created!.id },
      after: { ...season, fees_copied: source.length },
      at: now,
    });
  });
  loadPricingTables.invalidate(db);
  return staffPrices(db);
}

/**
 * The first UK day in [from, to] on which the course has no green fee for one of the player types: the public books
 * two of them, the reservations desk and tour operators' callers any, so every type needs a price on a bookable day.
 */
async function firstDayWithoutFee(db: DbOrTx, courseId: number, typeIds: number[], from: string, to: string) {
  const rows = await db
    .select({ start: seasons.startDate, end: seasons.endDate, playerTypeId: greenFees.playerTypeId })
    .from(greenFees)
    .innerJoin(seasons, eq(seasons.id, greenFees.seasonId))
    .where(and(eq(greenFees.courseId, courseId), lte(seasons.startDate, to), gte(seasons.endDate, from)));
  for (const typeId of typeIds) {
    const covered = rows
      .filter((row) => row.playerTypeId === typeId)
      .sort((a, b) => a.start.localeCompare(b.start));
    let day = from;
    for (const range of covered) {
      if (range.start > day) break;
      if (range.end >= day) day = addDays(range.end, 1);
      if (day > to) break;
    }
    if (day <= to) return { day, typeId };
  }
  return null;
}

/**
 * Moves a course's closing date (the last day the public may book it). Every day up to it must have a green fee for
 * each player type, so no bookable day is without a price; the tee times of new days are made at
 * once. An earlier date stops new sales after it: bookings already made there keep their tee times, and are counted
 * in the answer.
 */
export async function changeClosingDate(
  db: Db,
  change: ClosingDateChange,
  staffUserId: number,
  now: Date,
): Promise<ClosingDateAnswer> {
  const today = todayInLondon(now);
  if (change.closing_date < today || change.closing_date > addDays(today, 3 * 366)) {
    throw badRequest('Please enter a closing date from today to three years ahead.', {
      closing_date: 'Please enter a closing date from today to three years ahead.',
    });
  }
  const course = (await listCourses(db)).find((each) => each.id === change.course_id);
  if (!course) throw badRequest('Please choose a course from the list.', { course_id: 'Please choose one.' });
  const types = await listPlayerTypes(db);
  const gap = await firstDayWithoutFee(
    db,
    course.id,
    types.map((type) => type.id),
    today,
    change.closing_date,
  );
  if (gap) {
    const type = types.find((each) => each.id === gap.typeId)?.name ?? 'a player type';
    throw new AppError(
      'no_green_fee',
      422,
      `No green fee covers ${formatLongDate(gap.day)} on the ${course.name} for ${type}: add a season with its prices first.`,
    );
  }
  const before = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ closingDate: courses.closingDate })
      .from(courses)
      .where(eq(courses.id, course.id))
      .for('update');
    if (row?.closingDate === change.closing_date) return row.closingDate;
    await tx.update(courses).set({ closingDate: change.closing_date }).where(eq(courses.id, course.id));
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'course.closing_date_changed',
      target: { type: 'course', id: course.id },
      before: { closing_date: row?.closingDate ?? null },
      after: { closing_date: change.closing_date },
      at: now,
    });
    return row?.closingDate ?? change.closing_date;
  });
  listCourses.invalidate(db);
  if (change.closing_date > before) {
    // Idempotent (on conflict do nothing): a retry or another instance making the same days is harmless.
    await generateTeeSlots(db, { from: addDays(before, 1), to: change.closing_date, courseIds: [course.id] });
  }
  const [after] = await db
    .select({ count: sql<number>`count(distinct ${bookings.id})::integer` })
    .from(bookings)
    .innerJoin(bookingRounds, eq(bookingRounds.bookingId, bookings.id))
    .innerJoin(teeSlots, eq(teeSlots.id, bookingRounds.slotId))
    .where(
      and(
        eq(bookingRounds.courseId, course.id),
        inArray(bookings.status, ['confirmed', 'held']),
        gte(teeSlots.startsAt, londonWallTimeToUtc(addDays(change.closing_date, 1), '00:00')),
      ),
    );
  return { prices: await staffPrices(db), bookings_after: Number(after?.count ?? 0) };
}

/**
 * A caddie fee for a range of days; ranges never overlap (the clash named). Serialised with the other range writes by
 * an advisory lock. The public caddie prices are cached by browsers for 12 hours (spec section 9), so a change reaches
 * a visitor's step 1 within that; the confirmation page reads the ranges as it opens.
 */
export async function createCaddieRange(
  db: Db,
  range: NewCaddieRange,
  staffUserId: number,
  now: Date,
): Promise<StaffPrices> {
  await db.transaction(async (tx) => {
    const clash = await firstOverlap(tx, caddiePriceRanges, range);
    if (clash) {
      throw seasonConflict(
        `The dates overlap the caddie fee from ${formatLongDate(clash.startDate)} to ${formatLongDate(clash.endDate)}.`,
      );
    }
    const [created] = await tx
      .insert(caddiePriceRanges)
      .values({ startDate: range.start_date, endDate: range.end_date, pricePence: range.price })
      .returning({ id: caddiePriceRanges.id });
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'caddie_range.created',
      target: { type: 'caddie_range', id: created!.id },
      after: { ...range },
      at: now,
    });
  });
  return staffPrices(db);
}

export async function changeCaddieFee(
  db: Db,
  id: number,
  price: number,
  staffUserId: number,
  now: Date,
): Promise<StaffPrices> {
  await db.transaction(async (tx) => {
    const [range] = await tx
      .select()
      .from(caddiePriceRanges)
      .where(eq(caddiePriceRanges.id, id))
      .for('update');
    if (!range) throw notFound('There is no such caddie fee.', 'caddie_range_not_found');
    if (range.pricePence === price) return;
    await tx.update(caddiePriceRanges).set({ pricePence: price }).where(eq(caddiePriceRanges.id, id));
    await recordAudit(tx, {
      actor: { staffUserId },
      action: CADDIE_FEE_CHANGED,
      target: { type: 'caddie_range', id },
      before: { price: range.pricePence },
      after: { price, start_date: range.startDate, end_date: range.endDate },
      at: now,
    });
  });
  return staffPrices(db);
}

/**
 * Sets a combination package's price for a player type (a new row where it had none), with its audit entry, for
 * bookings priced from now on; this instance charges it at once, others within the reference cache's 30 seconds.
 */
export async function changePackagePrice(
  db: Db,
  change: PackagePriceChange,
  staffUserId: number,
  now: Date,
): Promise<StaffPrices> {
  const [pkg] = await db
    .select({ id: combinationPackages.id, name: combinationPackages.name })
    .from(combinationPackages)
    .where(eq(combinationPackages.id, change.package_id));
  const known = (await listPlayerTypes(db)).some((type) => type.id === change.player_type_id);
  if (!pkg || !known) {
    throw badRequest('Please choose a combination and a player type from the lists.', {
      [pkg ? 'player_type_id' : 'package_id']: 'Please choose one from the list.',
    });
  }
  await db.transaction(async (tx) => {
    const match = and(
      eq(combinationPackagePrices.packageId, change.package_id),
      eq(combinationPackagePrices.playerTypeId, change.player_type_id),
    );
    const [existing] = await tx.select().from(combinationPackagePrices).where(match).for('update');
    if (existing?.pricePence === change.price) return;
    await tx
      .insert(combinationPackagePrices)
      .values({ packageId: change.package_id, playerTypeId: change.player_type_id, pricePence: change.price })
      .onConflictDoUpdate({
        target: [combinationPackagePrices.packageId, combinationPackagePrices.playerTypeId],
        set: { pricePence: change.price },
      });
    await recordAudit(tx, {
      actor: { staffUserId },
      action: PACKAGE_PRICE_CHANGED,
      target: { type: 'package', id: `${change.package_id}-${change.player_type_id}` },
      before: existing ? { price: existing.pricePence } : null,
      after: { price: change.price, package: pkg.name },
      at: now,
    });
  });
  loadPricingTables.invalidate(db);
  return staffPrices(db);
}

/**
 * Adds a combination package (its prices per player type then set one at a time: until then it prices nobody) or
 * changes one's name, courses and days of the year. Two packages may share courses (a summer and a winter price):
 * where both apply, the shared pricing code charges the cheaper, as for any group of rounds. Serialised by an advisory
 * lock; audited with before and after; the public flow prices new bookings by it at once (this instance) or within
 * the reference TTL; a booking keeps the price it was made at.
 */
export async function savePackage(
  db: Db,
  packageId: number | null,
  details: PackageDetails,
  staffUserId: number,
  now: Date,
): Promise<StaffPrices> {
  const courseRows = await listCourses(db);
  if (!details.course_ids.every((courseId) => courseRows.some((course) => course.id === courseId))) {
    throw badRequest('Please choose courses from the list.', {
      course_ids: 'Please choose courses from the list.',
    });
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('combination_packages'))`);
    const packageCourseRows = await tx.select().from(combinationPackageCourses);
    const coursesOf = (id: number) =>
      packageCourseRows
        .filter((row) => row.packageId === id)
        .map((row) => row.courseId)
        .sort((a, b) => a - b);
    const packageRows = await tx.select().from(combinationPackages);
    const before = packageRows.find((pkg) => pkg.id === packageId);
    if (packageId !== null && !before) throw notFound('There is no such combination.', 'package_not_found');
    const values = {
      name: details.name,
      validFromMonthDay: details.valid_from,
      validToMonthDay: details.valid_to,
    };
    let id: number;
    if (before) {
      id = before.id;
      await tx.update(combinationPackages).set(values).where(eq(combinationPackages.id, id));
      await tx.delete(combinationPackageCourses).where(eq(combinationPackageCourses.packageId, id));
    } else {
      const [created] = await tx
        .insert(combinationPackages)
        .values({
          ...values,
          // Seeded packages have readable codes; a package made here is known by its id.
          code: `staff-${now.getTime().toString(36)}-${details.course_ids.join('-')}`,
          sortOrder: Math.max(0, ...packageRows.map((pkg) => pkg.sortOrder)) + 1,
        })
        .returning({ id: combinationPackages.id });
      id = created!.id;
    }
    await tx
      .insert(combinationPackageCourses)
      .values(details.course_ids.map((courseId) => ({ packageId: id, courseId })));
    await recordAudit(tx, {
      actor: { staffUserId },
      action: before ? 'package.changed' : 'package.created',
      target: { type: 'package', id },
      before: before
        ? {
            name: before.name,
            course_ids: coursesOf(before.id),
            valid_from: before.validFromMonthDay,
            valid_to: before.validToMonthDay,
          }
        : null,
      after: details,
      at: now,
    });
  });
  loadPricingTables.invalidate(db);
  return staffPrices(db);
}
