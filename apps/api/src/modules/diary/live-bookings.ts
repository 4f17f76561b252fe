import { RELEASE_GRACE_MS } from '@links/shared/constants';
import { sql } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';

// Spec section 9: after a hold expires its places stay taken for one more minute, then return to the public.
const releaseGrace = sql.raw(`interval '${RELEASE_GRACE_MS / 1000} seconds'`);

/**
 * Whether a booking's rounds take places right now: confirmed, or held and not yet released. It reads the
 * database clock, the one clock every API instance shares, so a hold ends at the same moment for all of them.
 * The booking engine must use this same condition when it checks capacity.
 */
export const bookingTakesPlaces = sql`(${bookings.status} = 'confirmed' or (${bookings.status} = 'held' and ${bookings.holdExpiresAt} + ${releaseGrace} > now()))`;
