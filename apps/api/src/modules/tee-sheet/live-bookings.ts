import { RELEASE_GRACE_MS } from '@links/shared/constants';
import { and, inArray, ne, sql } from 'drizzle-orm';
import { bookingRounds, bookings } from '../../db/schema/index.ts';
import {
  defineStatement,
  listPlaceholders,
  listValues,
  perKey,
  type Queryable,
  statementBuilder as q,
  runStatement,
} from '../../db/statements.ts';

// Spec section 9: after a hold expires its places stay taken for one more minute, then return to the public.
const releaseGrace = sql.raw(`interval '${RELEASE_GRACE_MS / 1000} seconds'`);

/**
 * Whether a booking's rounds take places right now: confirmed, or held and not yet released. It reads the
 * database clock, the one clock every API instance shares, so a hold ends at the same moment for all of them.
 * The booking engine must use this same condition when it checks capacity.
 */
export const bookingTakesPlaces = sql`(${bookings.status} = 'confirmed' or (${bookings.status} = 'held' and ${bookings.holdExpiresAt} + ${releaseGrace} > now()))`;

function livePlayersStatement(count: number, excluding: boolean) {
  return defineStatement(
    q
      .select({ slotId: bookingRounds.slotId, players: sql<number>`sum(${bookingRounds.players})::integer` })
      .from(bookingRounds)
      .innerJoin(bookings, sql`${bookings.id} = ${bookingRounds.bookingId}`)
      .where(
        and(
          inArray(bookingRounds.slotId, listPlaceholders('slot', count)),
          bookingTakesPlaces,
          excluding ? ne(bookings.id, sql.placeholder('excludeBookingId')) : undefined,
        ),
      )
      .groupBy(bookingRounds.slotId),
  );
}

/** The capacity check's statements (rendered once per list length; see db/statements.ts). */
export const livePlayers = perKey((count) => livePlayersStatement(count, false));
export const livePlayersExcluding = perKey((count) => livePlayersStatement(count, true));

/**
 * Places taken per slot by live bookings (other than `excludeBookingId`), for capacity checks. Run it inside the
 * transaction that holds the slot locks so the answer cannot change before the places are taken.
 */
export async function livePlayersBySlot(
  db: Queryable,
  slotIds: number[],
  options: { excludeBookingId?: number } = {},
): Promise<Map<number, number>> {
  const taken = new Map<number, number>(slotIds.map((slotId) => [slotId, 0]));
  if (slotIds.length === 0) return taken;
  const values = listValues('slot', slotIds);
  const excluding = options.excludeBookingId !== undefined;
  if (excluding) values.excludeBookingId = options.excludeBookingId;
  const statement = (excluding ? livePlayersExcluding : livePlayers)(slotIds.length);
  for (const [slotId, players] of await runStatement(db, statement, values)) {
    taken.set(slotId as number, Number(players));
  }
  return taken;
}
