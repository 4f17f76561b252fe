import type { CaddiePriceRange } from '@links/shared/caddies';
import { caddiePriceFor } from '@links/shared/caddies';
import { londonDate } from '@links/shared/uk-time';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookingAccessGrants,
  bookingGolfers,
  bookingRounds,
  bookings,
  courses,
  playerTypes,
  teeSlots,
} from '../../db/schema/index.ts';
import { selectRoundsWithSlotAndCourse } from '../bookings/bookings.repository.ts';
import { findCaddiePriceRangesFrom } from '../caddies/caddies.repository.ts';

/** How long a signed link or a PIN keeps a browser session unlocked. */
export const ACCESS_GRANT_HOURS = 24;

export type AccessBooking = {
  id: number;
  bookingNumber: string;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  sessionKey: string | null;
  pinHash: string | null;
  /** The tour operator the booking was made for; null for a visitor's. */
  operatorId: number | null;
};

export async function findBookingByNumber(
  db: DbOrTx,
  bookingNumber: string,
): Promise<AccessBooking | undefined> {
  const [row] = await db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      sessionKey: bookings.sessionKey,
      pinHash: bookings.pinHash,
      operatorId: bookings.operatorId,
    })
    .from(bookings)
    .where(eq(bookings.bookingNumber, bookingNumber));
  return row;
}

/** The session made the booking, or unlocked it (signed link or PIN) less than a day ago. */
export async function sessionHasAccess(db: DbOrTx, booking: AccessBooking, key: string): Promise<boolean> {
  if (booking.sessionKey !== null && booking.sessionKey === key) return true;
  const [grant] = await db
    .select({ bookingId: bookingAccessGrants.bookingId })
    .from(bookingAccessGrants)
    .where(
      and(
        eq(bookingAccessGrants.sessionKey, key),
        eq(bookingAccessGrants.bookingId, booking.id),
        gt(bookingAccessGrants.expiresAt, sql`now()`),
      ),
    );
  return grant !== undefined;
}

/** Unlocks the booking for the session for the next day (a new unlock moves the expiry on). */
export async function grantSessionAccess(db: DbOrTx, bookingId: number, key: string): Promise<void> {
  const expiresAt = sql`now() + ${sql.raw(`interval '${ACCESS_GRANT_HOURS} hours'`)}`;
  await db
    .insert(bookingAccessGrants)
    .values({ sessionKey: key, bookingId, expiresAt })
    .onConflictDoUpdate({
      target: [bookingAccessGrants.sessionKey, bookingAccessGrants.bookingId],
      set: { grantedAt: sql`now()`, expiresAt },
    });
}

/** Deletes lapsed grants; returns how many. */
export async function purgeAccessGrants(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(bookingAccessGrants)
    .where(lt(bookingAccessGrants.expiresAt, sql`now()`))
    .returning({ bookingId: bookingAccessGrants.bookingId });
  return rows.length;
}

export type BookingRecord = {
  id: number;
  bookingNumber: string;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  netPence: number;
  vatPence: number;
  payablePence: number;
  paidPence: number;
  playerDetails: unknown;
  /** Tour-operator terms; null for a visitor's card booking. */
  paymentMethod: 'online' | 'deposit' | 'offline' | null;
  /** When the whole payable is due (operator deposit and pay-later terms). */
  balanceDueAt: Date | null;
  /** The SEQUENCE of its calendar events (bumpCalendarSequence). */
  calendarSequence: number;
  /** When and why a cancelled booking was cancelled (bookings.cancelled_reason: 'unpaid', 'places_gone', ...). */
  cancelledAt: Date | null;
  cancelledReason: string | null;
  rounds: Array<{
    courseId: number;
    /** The tee slot the round holds. */
    slotId: number;
    /** The round's own row: kept when staff move it to another tee time. */
    roundId: number;
    courseName: string;
    slug: string;
    image: string;
    guideUrl: string;
    address: string;
    durationHours: number;
    startsAt: Date;
    players: number;
    caddies: number;
    /** Per caddie, from the price ranges for the round's UK date (else the 7000 fallback). */
    caddiePricePence: number;
  }>;
  golfers: Array<{
    position: number;
    playerTypeId: number;
    playerType: string;
    totalPence: number;
    name: string;
  }>;
  /** The tour operator the booking was made for; null for a visitor's. */
  operatorId: number | null;
};

/** Everything the confirmation page, the caddie editor, the .ics and the e-mail show about one booking. */
export async function loadBookingRecord(db: DbOrTx, bookingId: number): Promise<BookingRecord | undefined> {
  const [booking] = await db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      netPence: bookings.netPence,
      vatPence: bookings.vatPence,
      payablePence: bookings.payablePence,
      paidPence: bookings.paidPence,
      playerDetails: bookings.playerDetails,
      paymentMethod: bookings.paymentMethod,
      balanceDueAt: bookings.balanceDueAt,
      calendarSequence: bookings.calendarSequence,
      cancelledAt: bookings.cancelledAt,
      cancelledReason: bookings.cancelledReason,
      operatorId: bookings.operatorId,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) return undefined;
  const rounds = await selectRoundsWithSlotAndCourse(db, {
    courseId: bookingRounds.courseId,
    slotId: bookingRounds.slotId,
    roundId: bookingRounds.id,
    courseName: courses.name,
    slug: courses.slug,
    image: courses.imagePath,
    guideUrl: courses.guideUrl,
    address: courses.address,
    durationHours: courses.courseCompletionTime,
    startsAt: teeSlots.startsAt,
    players: bookingRounds.players,
    caddies: bookingRounds.caddies,
  })
    .where(eq(bookingRounds.bookingId, bookingId))
    .orderBy(asc(bookingRounds.courseId), asc(teeSlots.startsAt));
  const golfers = await db
    .select({
      position: bookingGolfers.position,
      playerTypeId: bookingGolfers.playerTypeId,
      playerType: playerTypes.name,
      totalPence: bookingGolfers.totalPence,
      name: bookingGolfers.name,
    })
    .from(bookingGolfers)
    .innerJoin(playerTypes, eq(playerTypes.id, bookingGolfers.playerTypeId))
    .where(eq(bookingGolfers.bookingId, bookingId))
    .orderBy(asc(bookingGolfers.position));
  const firstDate = rounds.map((round) => londonDate(round.startsAt)).sort()[0];
  const ranges: CaddiePriceRange[] = firstDate ? await findCaddiePriceRangesFrom(db, firstDate) : [];
  return {
    id: booking.id,
    bookingNumber: booking.bookingNumber,
    status: booking.status,
    netPence: booking.netPence ?? 0,
    vatPence: booking.vatPence ?? 0,
    payablePence: booking.payablePence ?? 0,
    paidPence: booking.paidPence ?? 0,
    playerDetails: booking.playerDetails,
    paymentMethod: booking.paymentMethod,
    balanceDueAt: booking.balanceDueAt,
    calendarSequence: booking.calendarSequence,
    cancelledAt: booking.cancelledAt,
    cancelledReason: booking.cancelledReason,
    rounds: rounds.map((round) => ({
      ...round,
      durationHours: Number(round.durationHours),
      caddiePricePence: caddiePriceFor(londonDate(round.startsAt), ranges),
    })),
    golfers,
    operatorId: booking.operatorId,
  };
}
