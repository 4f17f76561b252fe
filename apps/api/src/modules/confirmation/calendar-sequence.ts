import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';

/**
 * Records a change that the booking's calendar events show: a round's tee time, course, golfers or caddies, or the
 * booking's cancellation. Raises the SEQUENCE of its .ics (the UIDs stay), so a file made afterwards replaces the
 * events of one the golfer added before, and moves `updated_at`. Call it in the transaction that makes the change,
 * once per change: the confirmation page's caddie edits, the payment-schedule job's cancellations, and the staff
 * area's moves and cancellations.
 */
export async function bumpCalendarSequence(
  db: DbOrTx,
  bookingIds: number | readonly number[],
): Promise<void> {
  const ids = typeof bookingIds === 'number' ? [bookingIds] : [...bookingIds];
  if (ids.length === 0) return;
  await db
    .update(bookings)
    .set({ calendarSequence: sql`${bookings.calendarSequence} + 1`, updatedAt: sql`now()` })
    .where(inArray(bookings.id, ids));
}
