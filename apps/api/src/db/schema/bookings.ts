import { sql } from 'drizzle-orm';
import {
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { generatedId, instant, requiredRef } from './columns.ts';
import { courses, playerTypes, teeSlots } from './reference.ts';

// Bookings, their rounds (one tee slot per course; a group's consecutive slots on one course) and their golfers. Owner: the booking engine.
// Capacity is enforced twice: the engine locks the tee_slots rows and counts live players before inserting
// rounds, and statement-level triggers (migration 0006) refuse any statement that leaves a slot over capacity.

/** An index of one holder's live holds, by expiry: only held rows are ever counted against the hold limits. */
function liveHoldsIndex(
  name: string,
  holder: ExtraConfigColumn,
  table: { holdExpiresAt: ExtraConfigColumn; status: ExtraConfigColumn },
) {
  return index(name).on(holder, table.holdExpiresAt).where(sql`${table.status} = 'held'`);
}

export const bookingStatus = pgEnum('booking_status', ['held', 'confirmed', 'cancelled', 'expired']);

export const bookings = pgTable(
  'bookings',
  {
    id: generatedId(),
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
    /** The provider's payment intent for the payable amount (created when the contact details are saved). */
    paymentIntentId: text(),
    confirmedAt: instant(),
    cancelledAt: instant(),
    /** sessionKey(session id) of the browser session that created the booking: only it may change the hold. */
    sessionKey: text(),
    /** Keyed hash of the creating client's address (never the address), for the live-holds-per-address limit. */
    clientKey: text(),
    /** Keyed hash of the creating client's network (IPv4 /24, IPv6 /64): the per-network hold limits. */
    networkKey: text(),
    // Tour-operator payment terms (spec section 9), written when an operator saves step 2; null for individuals.
    /** 'online' (all by card now), 'deposit' (the deposit by card now, the balance later) or 'offline'. */
    paymentMethod: text().$type<'online' | 'deposit' | 'offline'>(),
    /** The deposit taken by card (deposit method only). */
    depositPence: integer(),
    /** The deposit's deadline: one calendar month from booking, never after the balance. */
    depositDueAt: instant(),
    /** When the whole payable must have been paid (balance 42 days before play, or the band's deadline). */
    balanceDueAt: instant(),
    /** The latest payment reminder e-mail was queued (the payment-schedule job). */
    paymentReminderSentAt: instant(),
    /** When the tour operator was reminded that golfers' names are missing (once per booking). */
    namesReminderSentAt: instant(),
    /**
     * How many of the configured reminder points (PAYMENT_REMINDER_DAYS, furthest first) are done for the running
     * deadline: sent, or already passed when the booking was made. Reset when step 2 records new terms.
     */
    paymentRemindersDone: integer().notNull().default(0),
    /** Why a booking was cancelled: 'unpaid' (the payment-schedule job), 'places_gone' (a lapsed hold paid after its places were taken; refunded). */
    cancelledReason: text(),
    /**
     * The SEQUENCE of the booking's calendar events (RFC 5545): raised with every change a calendar shows (a round's
     * time, course, golfers or caddies, a cancellation) by bumpCalendarSequence, in the change's transaction.
     */
    calendarSequence: integer().notNull().default(0),
  },
  (table) => [
    check('bookings_held_has_expiry', sql`${table.status} <> 'held' or ${table.holdExpiresAt} is not null`),
    check('bookings_booking_number_digits', sql`${table.bookingNumber} ~ '^[0-9]{6,24}$'`),
    // The hold sweeper scans only live holds.
    index('bookings_held_expiry_idx').on(table.holdExpiresAt).where(sql`${table.status} = 'held'`),
    check(
      'bookings_payment_method_known',
      sql`${table.paymentMethod} is null or ${table.paymentMethod} in ('online', 'deposit', 'offline')`,
    ),
    // The payment-schedule job scans only confirmed bookings on terms.
    index('bookings_payment_due_idx')
      .on(table.balanceDueAt)
      .where(sql`${table.status} = 'confirmed' and ${table.paymentMethod} in ('deposit', 'offline')`),
    // Live holds per address, network, browser session and operator.
    liveHoldsIndex('bookings_held_client_idx', table.clientKey, table),
    liveHoldsIndex('bookings_held_network_idx', table.networkKey, table),
    liveHoldsIndex('bookings_held_session_idx', table.sessionKey, table),
    liveHoldsIndex('bookings_held_operator_idx', table.operatorId, table),
  ],
);

export const bookingGolfers = pgTable(
  'booking_golfers',
  {
    bookingId: requiredRef(() => bookings.id, { onDelete: 'cascade' }),
    /** 1..16, the golfer's position in the booking (the spec's golfer id; over 4 only in a tour operator's group). */
    position: smallint().notNull(),
    playerTypeId: requiredRef(() => playerTypes.id),
    netPence: integer().notNull(),
    vatPence: integer().notNull(),
    totalPence: integer().notNull(),
    /** The priced tickets (shared Ticket[]: label, course_ids, price) as quoted when the booking was saved. */
    tickets: jsonb().notNull(),
    ticketLabel: text().notNull(),
    /** The golfer's name as the tour operator gave it (issue 24: names by a deadline); '' while not given. */
    name: text().notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.position] }),
    check('booking_golfers_position_range', sql`${table.position} between 1 and 16`),
    check('booking_golfers_vat_sum', sql`${table.netPence} + ${table.vatPence} = ${table.totalPence}`),
  ],
);

export const bookingRounds = pgTable(
  'booking_rounds',
  {
    id: generatedId(),
    bookingId: requiredRef(() => bookings.id, { onDelete: 'cascade' }),
    courseId: requiredRef(() => courses.id),
    slotId: requiredRef(() => teeSlots.id),
    players: smallint().notNull(),
    caddies: smallint().notNull().default(0),
  },
  (table) => [
    check('booking_rounds_players_range', sql`${table.players} between 1 and 4`),
    check('booking_rounds_caddies_range', sql`${table.caddies} between 0 and ${table.players}`),
    // A tee time once per booking. A course has one round per booking, except a group of more than four (issue
    // 24), whose rounds on its one course are consecutive tee times: the booking engine keeps that rule.
    uniqueIndex('booking_rounds_booking_slot').on(table.bookingId, table.slotId),
    // Live players per slot: index-only lookup of a slot's rounds, then the booking by primary key.
    index('booking_rounds_slot_idx').on(table.slotId, table.bookingId, table.players),
  ],
);

export type Booking = typeof bookings.$inferSelect;
export type BookingRound = typeof bookingRounds.$inferSelect;
export type BookingGolfer = typeof bookingGolfers.$inferSelect;
