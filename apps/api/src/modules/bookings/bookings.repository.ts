import type { PricedGolfer } from '@links/shared/pricing';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bookingGolfers, bookingRounds, bookings, teeSlots } from '../../db/schema/index.ts';
import { bookingTakesPlaces } from '../diary/live-bookings.ts';
import { notBlocked } from '../diary/not-blocked.ts';
import { randomBookingNumber } from './booking-number.ts';

export type LockedSlot = { id: number; courseId: number; startsAt: Date; capacity: number; blocked: boolean };

/**
 * Locks the tee slots a booking wants, in ascending id order: every booking takes its slot locks in the same
 * order, so two multi-course bookings can never wait on each other in a cycle. Until the transaction ends, no
 * one else can take places in these slots, so a live count read afterwards stays true until commit.
 */
export async function lockSlots(tx: Tx, slotIds: number[]): Promise<Map<number, LockedSlot>> {
  const ids = [...new Set(slotIds)].sort((a, b) => a - b);
  const rows = await tx
    .select({
      id: teeSlots.id,
      courseId: teeSlots.courseId,
      startsAt: teeSlots.startsAt,
      capacity: teeSlots.capacity,
      blocked: sql<boolean>`not ${notBlocked}`,
    })
    .from(teeSlots)
    .where(inArray(teeSlots.id, ids))
    .orderBy(asc(teeSlots.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, { ...row, blocked: Boolean(row.blocked) }]));
}

/** Serialises booking creation per client address for the rest of the transaction (the live-holds limit). */
export async function lockClient(tx: Tx, clientKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking-client:${clientKey}`}, 0))`);
}

/** Held bookings of one client address that still take places (the shared live definition). */
export async function countLiveHolds(db: DbOrTx, clientKey: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::integer` })
    .from(bookings)
    .where(and(eq(bookings.clientKey, clientKey), eq(bookings.status, 'held'), bookingTakesPlaces));
  return Number(row?.count ?? 0);
}

export type BookingPrices = { net: number; vat: number; payable: number };

export type NewBooking = {
  sessionKey: string;
  clientKey: string;
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
  tx: Tx,
  booking: NewBooking,
  reservationWindowMs: number,
): Promise<CreatedBooking> {
  for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw += 1) {
    const bookingNumber = randomBookingNumber();
    const [row] = await tx
      .insert(bookings)
      .values({
        bookingNumber,
        status: 'held',
        holdExpiresAt: sql`now() + ${sql.raw(`interval '${Math.floor(reservationWindowMs / 1000)} seconds'`)}`,
        createdAt: sql`now()`,
        updatedAt: sql`now()`,
        sessionKey: booking.sessionKey,
        clientKey: booking.clientKey,
        operatorId: booking.operatorId ?? null,
        notes: booking.notes,
        caddiesOption: booking.caddiesOption,
        netPence: booking.prices.net,
        vatPence: booking.prices.vat,
        payablePence: booking.prices.payable,
        paidPence: 0,
      })
      .onConflictDoNothing({ target: bookings.bookingNumber })
      .returning({ id: bookings.id, bookingNumber: bookings.bookingNumber });
    if (row) return row;
  }
  throw new Error('Could not draw an unused booking number.');
}

export type HeldBookingRow = {
  id: number;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  sessionKey: string | null;
  /** The hold has not ended on the database clock (the release grace does not count: it is for the public). */
  holdActive: boolean;
};

/** The booking row, locked for the rest of the transaction (PATCH and, later, payment take it first). */
export async function findBookingForUpdate(tx: Tx, bookingId: number): Promise<HeldBookingRow | undefined> {
  const [row] = await tx
    .select({
      id: bookings.id,
      status: bookings.status,
      sessionKey: bookings.sessionKey,
      holdActive: sql<boolean>`coalesce(${bookings.holdExpiresAt} > now(), false)`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  return row ? { ...row, holdActive: Boolean(row.holdActive) } : undefined;
}

export async function updateBookingDetails(
  tx: Tx,
  bookingId: number,
  details: Pick<NewBooking, 'notes' | 'caddiesOption' | 'prices'>,
): Promise<void> {
  await tx
    .update(bookings)
    .set({
      notes: details.notes,
      caddiesOption: details.caddiesOption,
      netPence: details.prices.net,
      vatPence: details.prices.vat,
      payablePence: details.prices.payable,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, bookingId));
}

export type RoundToSave = { courseId: number; slotId: number; caddies: number };
export type GolferToSave = { position: number; playerTypeId: number; priced: PricedGolfer };

/**
 * Writes the booking's rounds and golfers. `replace` (a change of an existing booking) deletes the old ones first; a
 * booking inserted in this transaction has none, so creation skips those two statements.
 */
export async function saveRoundsAndGolfers(
  tx: Tx,
  bookingId: number,
  rounds: RoundToSave[],
  golfers: GolferToSave[],
  options: { replace: boolean },
): Promise<void> {
  if (options.replace) {
    await tx.delete(bookingRounds).where(eq(bookingRounds.bookingId, bookingId));
    await tx.delete(bookingGolfers).where(eq(bookingGolfers.bookingId, bookingId));
  }
  await tx.insert(bookingRounds).values(
    rounds.map((round) => ({
      bookingId,
      courseId: round.courseId,
      slotId: round.slotId,
      players: golfers.length,
      caddies: round.caddies,
    })),
  );
  await tx.insert(bookingGolfers).values(
    golfers.map((golfer) => ({
      bookingId,
      position: golfer.position,
      playerTypeId: golfer.playerTypeId,
      netPence: golfer.priced.net_price,
      vatPence: golfer.priced.total_vat,
      totalPence: golfer.priced.total_price,
      tickets: golfer.priced.tickets,
      ticketLabel: golfer.priced.ticket_label,
    })),
  );
}

export type BookingTimes = {
  status: HeldBookingRow['status'];
  bookingNumber: string;
  createdAt: Date;
  holdExpiresAt: Date | null;
  serverTime: Date;
};

/** The booking's clock fields, with the database's current time for the client's countdown correction. */
export async function readBookingTimes(tx: Tx, bookingId: number): Promise<BookingTimes> {
  const [row] = await tx
    .select({
      status: bookings.status,
      bookingNumber: bookings.bookingNumber,
      createdAt: bookings.createdAt,
      holdExpiresAt: bookings.holdExpiresAt,
      serverTime: sql<Date | string>`clock_timestamp()`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`Booking ${bookingId} vanished inside its own transaction.`);
  return { ...row, serverTime: new Date(row.serverTime) };
}
