import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  unique,
} from 'drizzle-orm/pg-core';
import { generatedId, instant, requiredRef, ukDate } from './columns.ts';

// The resort's reference data (courses, player types, tee windows, seasons, fees, packages, caddie prices,
// blocked periods) and the generated tee slots. The booking tables live in bookings.ts.
// Conventions: money is integer pence, instants are timestamptz (UTC), UK calendar dates are `date` strings,
// UK wall-clock times are `time` strings. Column names become snake_case through the drizzle casing option.

// Inlined as a literal: check constraints cannot take bind parameters.
const MONTH_DAY_PATTERN = sql.raw(`'^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'`);

export const courses = pgTable(
  'courses',
  {
    // Fixed ids (1, 2, 4) are part of the public contract, so they are not generated.
    id: integer().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    imagePath: text().notNull(),
    /** Hours a round takes; drives the time-conflict rule between courses. */
    courseCompletionTime: numeric({ precision: 4, scale: 2, mode: 'number' }).notNull(),
    /** Last bookable UK date. */
    closingDate: ukDate().notNull(),
    guideUrl: text().notNull(),
    sortOrder: integer().notNull().default(0),
    /** Postal address, used as the location of calendar invites. */
    address: text().notNull(),
    slotIntervalMinutes: integer().notNull().default(10),
  },
  (table) => [
    check('courses_completion_time_positive', sql`${table.courseCompletionTime} > 0`),
    check('courses_slot_interval_range', sql`${table.slotIntervalMinutes} between 5 and 60`),
  ],
);

export const playerTypes = pgTable('player_types', {
  id: integer().primaryKey(),
  name: text().notNull(),
  isDefault: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
});

export const teeWindows = pgTable(
  'tee_windows',
  {
    id: generatedId(),
    courseId: requiredRef(() => courses.id, { onDelete: 'cascade' }),
    /** 0 Sunday .. 6 Saturday, as Date#getDay and the shared weekdayOf. */
    weekday: smallint().notNull(),
    /** UK wall-clock time of the first tee time of the window. */
    startTime: time().notNull(),
    /** UK wall-clock time of the last tee time of the window (inclusive). */
    endTime: time().notNull(),
    /** Optional UK date range, for windows that apply only part of the year (dark times). */
    validFrom: ukDate(),
    validTo: ukDate(),
  },
  (table) => [
    check('tee_windows_weekday_range', sql`${table.weekday} between 0 and 6`),
    check('tee_windows_time_order', sql`${table.startTime} <= ${table.endTime}`),
    check(
      'tee_windows_valid_order',
      sql`${table.validFrom} is null or ${table.validTo} is null or ${table.validFrom} <= ${table.validTo}`,
    ),
    index('tee_windows_course_weekday_idx').on(table.courseId, table.weekday),
    // nulls not distinct: the seed upserts windows that have no validity range.
    unique('tee_windows_natural_key')
      .on(table.courseId, table.weekday, table.startTime, table.validFrom)
      .nullsNotDistinct(),
  ],
);

export const seasons = pgTable(
  'seasons',
  {
    id: generatedId(),
    name: text().notNull().unique(),
    startDate: ukDate().notNull(),
    endDate: ukDate().notNull(),
  },
  (table) => [
    check('seasons_date_order', sql`${table.startDate} <= ${table.endDate}`),
    index('seasons_dates_idx').on(table.startDate, table.endDate),
  ],
);

export const greenFees = pgTable(
  'green_fees',
  {
    id: generatedId(),
    courseId: requiredRef(() => courses.id, { onDelete: 'cascade' }),
    playerTypeId: requiredRef(() => playerTypes.id, { onDelete: 'cascade' }),
    seasonId: requiredRef(() => seasons.id, { onDelete: 'cascade' }),
    pricePence: integer().notNull(),
  },
  (table) => [
    unique('green_fees_course_type_season').on(table.courseId, table.playerTypeId, table.seasonId),
    check('green_fees_price_non_negative', sql`${table.pricePence} >= 0`),
  ],
);

export const combinationPackages = pgTable(
  'combination_packages',
  {
    id: generatedId(),
    /** Stable key for seeding and for the ticket label. */
    code: text().notNull().unique(),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    /** Yearly validity as MM-dd, inclusive (spec section 9: 1 April to 31 October). */
    validFromMonthDay: text().notNull().default('04-01'),
    validToMonthDay: text().notNull().default('10-31'),
  },
  (table) => [
    check('combination_packages_valid_from_format', sql`${table.validFromMonthDay} ~ ${MONTH_DAY_PATTERN}`),
    check('combination_packages_valid_to_format', sql`${table.validToMonthDay} ~ ${MONTH_DAY_PATTERN}`),
  ],
);

export const combinationPackageCourses = pgTable(
  'combination_package_courses',
  {
    packageId: requiredRef(() => combinationPackages.id, { onDelete: 'cascade' }),
    courseId: requiredRef(() => courses.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.packageId, table.courseId] })],
);

/** A package's price per golfer of a player type (one round on each of its courses). */
export const combinationPackagePrices = pgTable(
  'combination_package_prices',
  {
    packageId: requiredRef(() => combinationPackages.id, { onDelete: 'cascade' }),
    playerTypeId: requiredRef(() => playerTypes.id, { onDelete: 'cascade' }),
    pricePence: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.packageId, table.playerTypeId] }),
    check('combination_package_prices_non_negative', sql`${table.pricePence} >= 0`),
  ],
);

export const caddiePriceRanges = pgTable(
  'caddie_price_ranges',
  {
    id: generatedId(),
    startDate: ukDate().notNull(),
    endDate: ukDate().notNull(),
    /** Per caddie per round, paid in cash on the day. */
    pricePence: integer().notNull(),
  },
  (table) => [
    unique('caddie_price_ranges_dates').on(table.startDate, table.endDate),
    check('caddie_price_ranges_date_order', sql`${table.startDate} <= ${table.endDate}`),
    check('caddie_price_ranges_price_non_negative', sql`${table.pricePence} >= 0`),
    index('caddie_price_ranges_end_idx').on(table.endDate),
  ],
);

export const blockReason = pgEnum('block_reason', ['competition', 'dark', 'maintenance']);

/** Tee times inside [starts_at, ends_at) are not bookable and not listed. */
export const blockedPeriods = pgTable(
  'blocked_periods',
  {
    id: generatedId(),
    courseId: requiredRef(() => courses.id, { onDelete: 'cascade' }),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    reason: blockReason().notNull(),
    note: text(),
  },
  (table) => [
    check('blocked_periods_time_order', sql`${table.startsAt} < ${table.endsAt}`),
    unique('blocked_periods_natural_key').on(table.courseId, table.startsAt, table.endsAt),
    // "Is this tee time blocked?": by ending time, so the scan skips the blocks that are over, however many.
    index('blocked_periods_course_ends_idx').on(table.courseId, table.endsAt, table.startsAt),
  ],
);

export const teeSlots = pgTable(
  'tee_slots',
  {
    id: generatedId(),
    courseId: requiredRef(() => courses.id, { onDelete: 'cascade' }),
    startsAt: instant().notNull(),
    capacity: smallint().notNull().default(4),
    /**
     * Set when a tee-window change left the tee time outside every window: it is off sale (slotOnSale) but kept,
     * because bookings point at it; a later change that covers it again puts it back on sale.
     */
    withdrawnAt: instant(),
  },
  (table) => [
    // Also the diary's and the availability's index: course, then a time range.
    unique('tee_slots_course_starts_at').on(table.courseId, table.startsAt),
    check('tee_slots_capacity_range', sql`${table.capacity} between 1 and 4`),
  ],
);

export type Course = typeof courses.$inferSelect;
export type PlayerType = typeof playerTypes.$inferSelect;
export type TeeWindow = typeof teeWindows.$inferSelect;
export type TeeSlot = typeof teeSlots.$inferSelect;
