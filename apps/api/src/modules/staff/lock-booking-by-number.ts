import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { type LockedBooking, lockBooking } from '../payment/confirm-booking.ts';

/**
 * The booking staff named by its number, locked as every settlement path locks it (lockBooking: the booking row
 * first, then its slots); 404 when there is none.
 */
export async function lockBookingByNumber(tx: Tx, bookingNumber: string): Promise<LockedBooking> {
  const [found] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.bookingNumber, bookingNumber));
  const booking = found ? await lockBooking(tx, found.id) : undefined;
  if (!booking) throw notFound('There is no booking with this number.', 'booking_not_found');
  return booking;
}

/**
 * A staff change of the booking named by its number: one transaction that locks it first (lockBookingByNumber), so
 * the change and its audit row commit together; `now` is the app clock's when the change was asked for.
 */
export function withBookingLocked<T>(
  deps: Pick<FastifyInstance, 'clock' | 'db'>,
  bookingNumber: string,
  change: (tx: Tx, booking: LockedBooking, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => change(tx, await lockBookingByNumber(tx, bookingNumber), now));
}
