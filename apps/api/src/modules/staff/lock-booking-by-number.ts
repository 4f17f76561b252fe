import { eq } from 'drizzle-orm';
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
