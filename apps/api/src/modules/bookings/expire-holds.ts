import { and, eq, lte, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { bookingTakesPlaces } from '../tee-sheet/live-bookings.ts';

/**
 * Marks held bookings whose places have been released (the shared live definition says they no longer take
 * places) as expired; returns their ids. One UPDATE, so several instances may run it at once: a second sweep
 * waits on the row locks, re-checks status = 'held' and skips what the first one expired. Capacity never waits
 * for this: the live definition already ignores lapsed holds; the sweep keeps the status honest for people and
 * for the later steps (payment of a lapsed hold, reports).
 */
export async function expireHolds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .update(bookings)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(
      and(
        eq(bookings.status, 'held'),
        // Implied by the next line; stated so the partial index on held expiries can narrow the scan.
        lte(bookings.holdExpiresAt, sql`now()`),
        not(bookingTakesPlaces),
      ),
    )
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}
