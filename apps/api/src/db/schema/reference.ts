import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The resort's reference data (courses, player types, tee windows, seasons, fees, packages, caddie prices,
// blocked periods), the generated tee slots, and the booking tables the diary counts places from.
// Conventions: money is integer pence, instants are timestamptz (UTC), UK calendar dates are `date` strings,
// UK wall-clock times are `time` strings. Column names become snake_case through the drizzle casing option.

const instant = () => timestamp({ withTimezone: true, mode: 'date' });
const ukDate = () => date({ mode: 'string' });
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    playerTypeId: integer()
      .notNull()
      .references(() => playerTypes.id, { onDelete: 'cascade' }),
    seasonId: integer()
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    packageId: integer()
      .notNull()
      .references(() => combinationPackages.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.packageId, table.courseId] })],
);

/** A package's price per golfer of a player type (one round on each of its courses). */
export const combinationPackagePrices = pgTable(
  'combination_package_prices',
  {
    packageId: integer()
      .notNull()
      .references(() => combinationPackages.id, { onDelete: 'cascade' }),
    playerTypeId: integer()
      .notNull()
      .references(() => playerTypes.id, { onDelete: 'cascade' }),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startsAt: instant().notNull(),
    capacity: smallint().notNull().default(4),
  },
  (table) => [
    // Also the diary's and the availability's index: course, then a time range.
    unique('tee_slots_course_starts_at').on(table.courseId, table.startsAt),
    check('tee_slots_capacity_range', sql`${table.capacity} between 1 and 4`),
  ],
);

export const bookingStatus = pgEnum('booking_status', ['held', 'confirmed', 'cancelled', 'expired']);

export const bookings = pgTable(
  'bookings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Public reference: numeric, random, never sequential (it appears in links and on the phone). */
    bookingNumber: text().notNull().unique(),
    status: bookingStatus().notNull().default('held'),
    /** End of the reservation hold; places stay taken one more minute after it (spec section 9). */
    holdExpiresAt: instant(),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
    // Filled by the booking engine (issue 4).
    operatorId: integer(),
    notes: text(),
    caddiesOption: text(),
    playerDetails: jsonb(),
    netPence: integer(),
    vatPence: integer(),
    payablePence: integer(),
    paidPence: integer(),
    pinHash: text(),
    confirmedAt: instant(),
    cancelledAt: instant(),
  },
  (table) => [
    check('bookings_held_has_expiry', sql`${table.status} <> 'held' or ${table.holdExpiresAt} is not null`),
    check('bookings_booking_number_digits', sql`${table.bookingNumber} ~ '^[0-9]{6,24}$'`),
    // The hold sweeper scans only live holds.
    index('bookings_held_expiry_idx').on(table.holdExpiresAt).where(sql`${table.status} = 'held'`),
  ],
);

export const bookingGolfers = pgTable(
  'booking_golfers',
  {
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** 1..4, the golfer's position in the booking (the spec's golfer id). */
    position: smallint().notNull(),
    playerTypeId: integer()
      .notNull()
      .references(() => playerTypes.id),
    netPence: integer().notNull(),
    vatPence: integer().notNull(),
    totalPence: integer().notNull(),
    /** The priced tickets (shared Ticket[]: label, course_ids, price) as quoted when the booking was saved. */
    tickets: jsonb().notNull(),
    ticketLabel: text().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.position] }),
    check('booking_golfers_position_range', sql`${table.position} between 1 and 4`),
    check('booking_golfers_vat_sum', sql`${table.netPence} + ${table.vatPence} = ${table.totalPence}`),
  ],
);

export const bookingRounds = pgTable(
  'booking_rounds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id),
    slotId: integer()
      .notNull()
      .references(() => teeSlots.id),
    players: smallint().notNull(),
    caddies: smallint().notNull().default(0),
  },
  (table) => [
    check('booking_rounds_players_range', sql`${table.players} between 1 and 4`),
    check('booking_rounds_caddies_range', sql`${table.caddies} between 0 and ${table.players}`),
    // One round per course per booking: a booking never lists a course twice.
    uniqueIndex('booking_rounds_booking_course').on(table.bookingId, table.courseId),
    // Live players per slot: index-only lookup of a slot's rounds, then the booking by primary key.
    index('booking_rounds_slot_idx').on(table.slotId, table.bookingId, table.players),
  ],
);

export type Course = typeof courses.$inferSelect;
export type PlayerType = typeof playerTypes.$inferSelect;
export type TeeWindow = typeof teeWindows.$inferSelect;
export type TeeSlot = typeof teeSlots.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type BookingRound = typeof bookingRounds.$inferSelect;
