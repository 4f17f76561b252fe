import type { PricedGolfer } from '@links/shared/pricing';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgSelect, PgSelectBase, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bookingGolfers, bookingRounds, bookings, courses, teeSlots } from '../../db/schema/index.ts';
import {
  defineStatement,
  listPlaceholders,
  listValues,
  perKey,
  type Queryable,
  statementBuilder as q,
  runStatement,
  toDate,
} from '../../db/statements.ts';
import { bookingTakesPlaces } from '../tee-sheet/live-bookings.ts';
import { slotOnSale } from '../tee-sheet/slot-on-sale.ts';
import { randomBookingNumber } from './booking-number.ts';

/**
 * A hold the golfer is still within (its reservation window has not ended on the database clock): what the live-hold
 * caps count. The minute of release grace after it keeps its places taken for the public, but the golfer is done.
 */
const holdInProgress = sql`${bookings.holdExpiresAt} > now()`;

/**
 * One insert of a booking's rows (rounds, golfers) per row count, rendered on first use: each row's booking_id is the
 * `bookingId` placeholder, its other columns `row(index)`'s placeholders (named with the row's index).
 */
function insertBookingRows<TTable extends typeof bookingRounds | typeof bookingGolfers>(
  table: TTable,
  row: (index: number) => Omit<PgInsertValue<TTable>, 'bookingId'>,
) {
  return perKey((count) =>
    defineStatement(
      q
        .insert(table)
        .values(
          Array.from(
            { length: count },
            (_, index) =>
              ({ bookingId: sql.placeholder('bookingId'), ...row(index) }) as PgInsertValue<TTable>,
          ),
        ),
    ),
  );
}

/**
 * The statements booking creation sends, in its order, rendered once (db/statements.ts). bench/booking-raw.ts runs
 * these same statements as its raw-SQL baseline. Lists (slots, rounds, golfers) have one statement per length.
 */
export const bookingStatements = {
  // The holder's locks, the network's first and then the session's (left to right in one select list): every
  // creation takes them in this order, so two never wait on each other in a cycle.
  lockHolder: defineStatement(
    sql`select pg_advisory_xact_lock(hashtextextended(${sql.placeholder('firstKey')}, 0)), pg_advisory_xact_lock(hashtextextended(${sql.placeholder('secondKey')}, 0))`,
  ),
  countLiveHolds: defineStatement(
    q
      .select({
        session: sql<number>`count(*) filter (where ${bookings.sessionKey} = ${sql.placeholder('sessionKey')})::integer`,
        address: sql<number>`count(*) filter (where ${bookings.clientKey} = ${sql.placeholder('clientKey')})::integer`,
        network: sql<number>`count(*) filter (where ${bookings.networkKey} = ${sql.placeholder('networkKey')})::integer`,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'held'),
          sql`(${bookings.sessionKey} = ${sql.placeholder('sessionKey')} or ${bookings.clientKey} = ${sql.placeholder('clientKey')} or ${bookings.networkKey} = ${sql.placeholder('networkKey')})`,
          holdInProgress,
        ),
      ),
  ),
  countOperatorHolds: defineStatement(
    q
      .select({ count: sql<number>`count(*)::integer` })
      .from(bookings)
      .where(
        and(
          eq(bookings.operatorId, sql.placeholder('operatorId')),
          eq(bookings.status, 'held'),
          holdInProgress,
        ),
      ),
  ),
  // Places held unpaid by one network on one course between two instants (a UK day), other than one booking's,
  // beside the places that course-day offers at all.
  networkShare: defineStatement(
    sql`select
      (select coalesce(sum(${bookingRounds.players}), 0)::integer
         from ${bookingRounds}
         join ${bookings} on ${bookings.id} = ${bookingRounds.bookingId}
         join ${teeSlots} on ${teeSlots.id} = ${bookingRounds.slotId}
        where ${bookings.networkKey} = ${sql.placeholder('networkKey')} and ${bookings.status} = 'held'
          and ${bookingTakesPlaces} and ${bookings.id} <> ${sql.placeholder('excludeBookingId')}
          and ${bookingRounds.courseId} = ${sql.placeholder('courseId')}
          and ${teeSlots.startsAt} >= ${sql.placeholder('from')} and ${teeSlots.startsAt} < ${sql.placeholder('to')}),
      (select coalesce(sum(${teeSlots.capacity}), 0)::integer
         from ${teeSlots}
        where ${teeSlots.courseId} = ${sql.placeholder('courseId')}
          and ${teeSlots.startsAt} >= ${sql.placeholder('from')} and ${teeSlots.startsAt} < ${sql.placeholder('to')}
          and ${slotOnSale})`,
  ),
  lockSlots: perKey((count) =>
    defineStatement(
      q
        .select({
          id: teeSlots.id,
          courseId: teeSlots.courseId,
          startsAt: teeSlots.startsAt,
          capacity: teeSlots.capacity,
          blocked: sql<boolean>`not ${slotOnSale}`,
        })
        .from(teeSlots)
        .where(inArray(teeSlots.id, listPlaceholders('slot', count)))
        .orderBy(asc(teeSlots.id))
        .for('update'),
    ),
  ),
  // A group's tee times (issue 24): the first one asked for and the ones after it on its course that UK day, in
  // order, as the sheet lists them (withdrawn ones are not on it; blocked ones are, and refuse the group later).
  groupSlots: defineStatement(
    sql`select ${teeSlots.id}, ${teeSlots.startsAt} from ${teeSlots}
        join ${teeSlots} as first_slot on first_slot.id = ${sql.placeholder('firstSlotId')}
       where ${teeSlots.courseId} = first_slot.course_id and ${teeSlots.withdrawnAt} is null
         and ${teeSlots.startsAt} >= first_slot.starts_at
         and ${teeSlots.startsAt} < (date_trunc('day', first_slot.starts_at at time zone 'Europe/London')
               + interval '1 day') at time zone 'Europe/London'
       order by ${teeSlots.startsAt}
       limit ${sql.placeholder('count')}`,
  ),
  insertHeldBooking: perKey((holdSeconds) =>
    defineStatement(
      q
        .insert(bookings)
        .values({
          bookingNumber: sql.placeholder('bookingNumber'),
          status: 'held',
          holdExpiresAt: sql`now() + ${sql.raw(`interval '${holdSeconds} seconds'`)}`,
          createdAt: sql`now()`,
          updatedAt: sql`now()`,
          sessionKey: sql.placeholder('sessionKey'),
          clientKey: sql.placeholder('clientKey'),
          networkKey: sql.placeholder('networkKey'),
          operatorId: sql.placeholder('operatorId'),
          notes: sql.placeholder('notes'),
          caddiesOption: sql.placeholder('caddiesOption'),
          netPence: sql.placeholder('net'),
          vatPence: sql.placeholder('vat'),
          payablePence: sql.placeholder('payable'),
          paidPence: 0,
        })
        .onConflictDoNothing({ target: bookings.bookingNumber })
        .returning({ id: bookings.id, bookingNumber: bookings.bookingNumber }),
    ),
  ),
  insertRounds: insertBookingRows(bookingRounds, (index) => ({
    courseId: sql.placeholder(`course${index}`),
    slotId: sql.placeholder(`slot${index}`),
    players: sql.placeholder(`players${index}`),
    caddies: sql.placeholder(`caddies${index}`),
  })),
  insertGolfers: insertBookingRows(bookingGolfers, (index) => ({
    position: sql.placeholder(`position${index}`),
    playerTypeId: sql.placeholder(`playerType${index}`),
    netPence: sql.placeholder(`net${index}`),
    vatPence: sql.placeholder(`vat${index}`),
    totalPence: sql.placeholder(`total${index}`),
    tickets: sql.placeholder(`tickets${index}`),
    ticketLabel: sql.placeholder(`ticketLabel${index}`),
  })),
  readBookingTimes: defineStatement(
    q
      .select({
        status: bookings.status,
        bookingNumber: bookings.bookingNumber,
        createdAt: bookings.createdAt,
        holdExpiresAt: bookings.holdExpiresAt,
        serverTime: sql`clock_timestamp()`,
      })
      .from(bookings)
      .where(eq(bookings.id, sql.placeholder('bookingId'))),
  ),
};

export type LockedSlot = { id: number; courseId: number; startsAt: Date; capacity: number; blocked: boolean };

/**
 * Locks the tee slots a booking wants, in ascending id order: every booking takes its slot locks in the same
 * order, so two multi-course bookings can never wait on each other in a cycle. Until the transaction ends, no
 * one else can take places in these slots, so a live count read afterwards stays true until commit.
 */
export async function lockSlots(tx: Queryable, slotIds: number[]): Promise<Map<number, LockedSlot>> {
  const ids = [...new Set(slotIds)].sort((a, b) => a - b);
  const rows = await runStatement(tx, bookingStatements.lockSlots(ids.length), listValues('slot', ids));
  return new Map(
    rows.map(([id, courseId, startsAt, capacity, blocked]) => [
      id as number,
      {
        id: id as number,
        courseId: courseId as number,
        startsAt: toDate(startsAt),
        capacity: capacity as number,
        blocked: Boolean(blocked),
      },
    ]),
  );
}

/**
 * Serialises hold creation per holder for the rest of the transaction (the live-hold limits): a visitor's network
 * (which covers its address) and browser session, or a tour operator's account.
 */
/**
 * `count` tee times from `firstSlotId` on its course and UK day, in time order; fewer when the day ends first, none
 * when there is no such slot. Read before the slots are locked, as ids and times only.
 */
export async function groupSlots(
  tx: Queryable,
  firstSlotId: number,
  count: number,
): Promise<Array<{ id: number; startsAt: Date }>> {
  const rows = await runStatement(tx, bookingStatements.groupSlots, { firstSlotId, count });
  return rows.map(([id, startsAt]) => ({ id: id as number, startsAt: toDate(startsAt) }));
}

export async function lockHolder(tx: Queryable, firstKey: string, secondKey: string): Promise<void> {
  await runStatement(tx, bookingStatements.lockHolder, { firstKey, secondKey });
}

export type LiveHoldCounts = { session: number; address: number; network: number };

/** Holds still in progress, per session, address and network. */
export async function countLiveHolds(
  db: Queryable,
  keys: { sessionKey: string; clientKey: string; networkKey: string },
): Promise<LiveHoldCounts> {
  const [row] = await runStatement(db, bookingStatements.countLiveHolds, keys);
  return { session: Number(row?.[0] ?? 0), address: Number(row?.[1] ?? 0), network: Number(row?.[2] ?? 0) };
}

/** A tour operator's holds still in progress. */
export async function countOperatorHolds(db: Queryable, operatorId: number): Promise<number> {
  const [row] = await runStatement(db, bookingStatements.countOperatorHolds, { operatorId });
  return Number(row?.[0] ?? 0);
}

/** Places one network holds unpaid on a course between two instants (other than one booking's), and its places. */
export async function networkShareOf(
  db: Queryable,
  query: { networkKey: string; courseId: number; from: Date; to: Date; excludeBookingId: number },
): Promise<{ held: number; places: number }> {
  const [row] = await runStatement(db, bookingStatements.networkShare, {
    ...query,
    from: query.from.toISOString(),
    to: query.to.toISOString(),
  });
  return { held: Number(row?.[0] ?? 0), places: Number(row?.[1] ?? 0) };
}

export type BookingPrices = { net: number; vat: number; payable: number };

export type NewBooking = {
  sessionKey: string;
  clientKey: string;
  networkKey: string;
  operatorId?: number | null;
  notes: string;
  caddiesOption: string | null;
  prices: BookingPrices;
};

export type CreatedBooking = { id: number; bookingNumber: string };

const MAX_NUMBER_DRAWS = 5;

/**
 * Inserts the booking held for the reservation window from the database clock (created_at and the hold end both
 * come from the transaction's now(), so every instance agrees on when it ends). A clash of random booking numbers
 * draws again; ON CONFLICT keeps the transaction usable, which a caught unique violation would not.
 */
export async function insertHeldBooking(
  tx: Queryable,
  booking: NewBooking,
  reservationWindowMs: number,
): Promise<CreatedBooking> {
  const statement = bookingStatements.insertHeldBooking(Math.floor(reservationWindowMs / 1000));
  for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw += 1) {
    const [row] = await runStatement(tx, statement, {
      bookingNumber: randomBookingNumber(),
      sessionKey: booking.sessionKey,
      clientKey: booking.clientKey,
      networkKey: booking.networkKey,
      operatorId: booking.operatorId ?? null,
      notes: booking.notes,
      caddiesOption: booking.caddiesOption,
      net: booking.prices.net,
      vat: booking.prices.vat,
      payable: booking.prices.payable,
    });
    if (row) return { id: row[0] as number, bookingNumber: row[1] as string };
  }
  throw new Error('Could not draw an unused booking number.');
}

export type HeldBookingRow = {
  id: number;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  sessionKey: string | null;
  networkKey: string | null;
  operatorId: number | null;
  /** The hold has not ended on the database clock (the release grace does not count: it is for the public). */
  holdActive: boolean;
  payablePence: number | null;
  /** The payment step 2 opened for the booking's current price, if any. */
  paymentIntentId: string | null;
};

/** Whether the hold has not ended on the database clock (the release grace does not count: it is for the public). */
export const bookingHoldActive = sql<boolean>`coalesce(${bookings.holdExpiresAt} > now(), false)`;

type BookingRowOf<TFields extends SelectedFields> = SelectResult<
  TFields,
  'partial',
  Record<'bookings', 'not-null'>
>;

/**
 * `fields` of the booking row, locked for the rest of the transaction; `holdActive` (bookingHoldActive) comes back a
 * boolean whichever driver read it.
 */
export async function lockBookingRow<TFields extends SelectedFields & { holdActive: SQL<boolean> }>(
  tx: Tx,
  bookingId: number,
  fields: TFields,
): Promise<BookingRowOf<TFields> | undefined> {
  const [row] = await tx
    .select(fields as SelectedFields)
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  return row ? ({ ...row, holdActive: Boolean(row.holdActive) } as BookingRowOf<TFields>) : undefined;
}

/** The booking row, locked for the rest of the transaction (PATCH and, later, payment take it first). */
export async function findBookingForUpdate(tx: Tx, bookingId: number): Promise<HeldBookingRow | undefined> {
  return lockBookingRow(tx, bookingId, {
    id: bookings.id,
    status: bookings.status,
    sessionKey: bookings.sessionKey,
    networkKey: bookings.networkKey,
    operatorId: bookings.operatorId,
    holdActive: bookingHoldActive,
    payablePence: bookings.payablePence,
    paymentIntentId: bookings.paymentIntentId,
  });
}

/** `dropPaymentIntent`: the booking's intent no longer matches its price, so step 2 must open another. */
export async function updateBookingDetails(
  tx: Tx,
  bookingId: number,
  details: Pick<NewBooking, 'notes' | 'caddiesOption' | 'prices'> & { dropPaymentIntent: boolean },
): Promise<void> {
  await tx
    .update(bookings)
    .set({
      notes: details.notes,
      caddiesOption: details.caddiesOption,
      netPence: details.prices.net,
      vatPence: details.prices.vat,
      payablePence: details.prices.payable,
      ...(details.dropPaymentIntent && { paymentIntentId: null }),
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, bookingId));
}

/** A round to write: `players` is every golfer of the booking, or a group's share of them on this tee time. */
export type RoundToSave = { courseId: number; slotId: number; players: number; caddies: number };
export type GolferToSave = { position: number; playerTypeId: number; priced: PricedGolfer };

/** Removes a booking's rounds and golfers before `saveRoundsAndGolfers` writes its new ones (a change of booking). */
export async function deleteRoundsAndGolfers(tx: Tx, bookingId: number): Promise<void> {
  await tx.delete(bookingRounds).where(eq(bookingRounds.bookingId, bookingId));
  await tx.delete(bookingGolfers).where(eq(bookingGolfers.bookingId, bookingId));
}

/** Writes the booking's rounds and golfers (a changed booking deletes its old ones first). */
export async function saveRoundsAndGolfers(
  tx: Queryable,
  bookingId: number,
  rounds: RoundToSave[],
  golfers: GolferToSave[],
): Promise<void> {
  await runStatement(tx, bookingStatements.insertRounds(rounds.length), roundValues(bookingId, rounds));
  await runStatement(tx, bookingStatements.insertGolfers(golfers.length), golferValues(bookingId, golfers));
}

/** The placeholder values of `bookingStatements.insertRounds(rounds.length)`. */
export function roundValues(bookingId: number, rounds: RoundToSave[]): Record<string, unknown> {
  const values: Record<string, unknown> = { bookingId };
  for (const [index, round] of rounds.entries()) {
    values[`course${index}`] = round.courseId;
    values[`slot${index}`] = round.slotId;
    values[`players${index}`] = round.players;
    values[`caddies${index}`] = round.caddies;
  }
  return values;
}

/** The placeholder values of `bookingStatements.insertGolfers(golfers.length)`. */
export function golferValues(bookingId: number, golfers: GolferToSave[]): Record<string, unknown> {
  const values: Record<string, unknown> = { bookingId };
  for (const [index, golfer] of golfers.entries()) {
    values[`position${index}`] = golfer.position;
    values[`playerType${index}`] = golfer.playerTypeId;
    values[`net${index}`] = golfer.priced.net_price;
    values[`vat${index}`] = golfer.priced.total_vat;
    values[`total${index}`] = golfer.priced.total_price;
    values[`tickets${index}`] = golfer.priced.tickets;
    values[`ticketLabel${index}`] = golfer.priced.ticket_label;
  }
  return values;
}

export type BookingTimes = {
  status: HeldBookingRow['status'];
  bookingNumber: string;
  createdAt: Date;
  holdExpiresAt: Date | null;
  serverTime: Date;
};

/** The booking's clock fields, with the database's current time for the client's countdown correction. */
export async function readBookingTimes(tx: Queryable, bookingId: number): Promise<BookingTimes> {
  const [row] = await runStatement(tx, bookingStatements.readBookingTimes, { bookingId });
  if (!row) throw new Error(`Booking ${bookingId} vanished inside its own transaction.`);
  const [status, bookingNumber, createdAt, holdExpiresAt, serverTime] = row;
  return {
    status: status as BookingTimes['status'],
    bookingNumber: bookingNumber as string,
    createdAt: toDate(createdAt),
    holdExpiresAt: holdExpiresAt === null ? null : toDate(holdExpiresAt),
    serverTime: toDate(serverTime),
  };
}

/** Whether booking `bookingId` exists and meets every one of `conditions` (on the bookings table). */
export async function bookingMatches(db: DbOrTx, bookingId: number, ...conditions: SQL[]): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), ...conditions));
  return row !== undefined;
}

/** The rounds of these bookings with their course name and tee time, earliest first (for lists of bookings). */
export async function roundsOfBookings(
  db: DbOrTx,
  bookingIds: number[],
): Promise<{ bookingId: number; course: string; startsAt: Date; players: number }[]> {
  if (bookingIds.length === 0) return [];
  return selectRoundsWithSlotAndCourse(db, {
    bookingId: bookingRounds.bookingId,
    course: courses.name,
    startsAt: teeSlots.startsAt,
    players: bookingRounds.players,
  })
    .where(inArray(bookingRounds.bookingId, bookingIds))
    .orderBy(asc(teeSlots.startsAt));
}

/**
 * What the selects of booking rounds below answer: a query of `fields` over booking_rounds and the tables it is
 * joined to, open to where and order. drizzle cannot type joins on a generic selection; the inner joins keep every
 * table's columns non-null.
 */
type RoundsJoinedTo<TFields extends SelectedFields, TJoined extends string> = PgSelectBase<
  'booking_rounds',
  TFields,
  'partial',
  Record<'booking_rounds' | TJoined, 'not-null'>,
  true
>;

/** A round's inner joins: its tee slot, its course, its booking. */
type RoundJoin = readonly [PgTable, SQL];
const slotOfRound: RoundJoin = [teeSlots, eq(teeSlots.id, bookingRounds.slotId)];
const courseOfRound: RoundJoin = [courses, eq(courses.id, bookingRounds.courseId)];
const bookingOfRound: RoundJoin = [bookings, eq(bookings.id, bookingRounds.bookingId)];

function selectRoundsJoined<TFields extends SelectedFields, TJoined extends string>(
  db: DbOrTx,
  fields: TFields,
  joins: readonly RoundJoin[],
): RoundsJoinedTo<TFields, TJoined> {
  let query: PgSelect = db
    .select(fields as SelectedFields)
    .from(bookingRounds)
    .$dynamic();
  for (const [table, on] of joins) query = query.innerJoin(table, on);
  return query as unknown as RoundsJoinedTo<TFields, TJoined>;
}

/** A select of booking rounds joined to their tee slot (`fields` may take columns of both): add the where and the order. */
export const selectRoundsWithSlot = <TFields extends SelectedFields>(db: DbOrTx, fields: TFields) =>
  selectRoundsJoined<TFields, 'tee_slots'>(db, fields, [slotOfRound]);

/**
 * A select of booking rounds joined to their tee slot and course (`fields` may take columns of all three): add the
 * where and the order.
 */
export const selectRoundsWithSlotAndCourse = <TFields extends SelectedFields>(db: DbOrTx, fields: TFields) =>
  selectRoundsJoined<TFields, 'tee_slots' | 'courses'>(db, fields, [slotOfRound, courseOfRound]);

/**
 * A select of booking rounds joined to their booking and tee slot (`fields` may take columns of all three): add the
 * where and the order.
 */
export const selectRoundsWithBookingAndSlot = <TFields extends SelectedFields>(db: DbOrTx, fields: TFields) =>
  selectRoundsJoined<TFields, 'bookings' | 'tee_slots'>(db, fields, [bookingOfRound, slotOfRound]);
