import { addDays, formatLongDate, londonDate, londonWallTimeToUtc } from '@links/shared/uk-time';
import type { AppConfig } from '../../config/env.ts';
import type { Queryable } from '../../db/statements.ts';
import { AppError } from '../../lib/app-error.ts';
import { challengeRequired, type SolvedChallenge, spendChallenge } from '../../lib/proof-of-work.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import {
  countLiveHolds,
  countOperatorHolds,
  type LiveHoldCounts,
  lockHolder,
  networkShareOf,
} from './bookings.repository.ts';

// Fair holds (docs/decisions/009-fair-holds.md): no honest golfer refused, no tee sheet frozen. Unpaid holds are
// capped per browser session, per client address and per network (IPv4 /24, IPv6 /64), with high address and network
// caps because hotels and carriers put many golfers behind one address; above a quarter of a cap, a further hold needs
// a solved proof-of-work challenge; and one network's unpaid holds may take only a share of a course-day's places.
// Tour operators are signed-in accounts: their holds are counted per account instead, wherever they book from.

export type Holder = {
  sessionKey: string;
  clientKey: string;
  networkKey: string;
  /** A signed-in tour operator's account; undefined for a visitor. */
  operatorId?: number | undefined;
};

export type HoldLimits = AppConfig['bookings']['maxLiveHolds'];

/** "Normal use": a quarter of each cap (at least one). Above it, a further hold needs a solved challenge. */
export function challengeThresholds(limits: HoldLimits): LiveHoldCounts {
  const quarter = (cap: number) => Math.max(1, Math.ceil(cap / 4));
  return {
    session: quarter(limits.session),
    address: quarter(limits.address),
    network: quarter(limits.network),
  };
}

/**
 * How dear the challenge for the next hold is (0..5, each step doubling the work), or undefined when the holder is
 * within normal use and needs none.
 */
export function challengeLevel(limits: HoldLimits, counts: LiveHoldCounts): number | undefined {
  const thresholds = challengeThresholds(limits);
  let level: number | undefined;
  for (const dimension of ['session', 'address', 'network'] as const) {
    if (counts[dimension] < thresholds[dimension]) continue;
    const over = Math.floor(counts[dimension] / thresholds[dimension]) - 1;
    level = Math.max(level ?? 0, Math.min(5, over));
  }
  return level;
}

export const FAIR_HOLD_MESSAGES = {
  tooManyFromConnection:
    'Too many unpaid reservations are in progress from your internet connection right now. Please complete one, ' +
    'or try again in a few minutes.',
  networkShare: (courseName: string, date: string) =>
    `Sorry, a large share of the tee times on ${courseName} on ${date} is already held unpaid from your internet ` +
    'connection. Please complete a reservation in progress first, or choose another day.',
} as const;

const tooManyHolds = (message: string) => new AppError('too_many_holds', 429, message);

/**
 * In the creation transaction, before any place is taken: locks the holder (network then session, or the operator's
 * account), counts its live holds, refuses one over a cap (429 too_many_holds), and above normal use requires the
 * solved challenge the request carries, spending it (403 challenge_required without one). Returns the holder's
 * live holds before this one.
 */
export async function admitNewHold(
  tx: Queryable,
  config: AppConfig['bookings'],
  holder: Holder,
  solved: SolvedChallenge | undefined,
): Promise<LiveHoldCounts> {
  const limits = config.maxLiveHolds;
  if (holder.operatorId !== undefined) {
    await lockHolder(tx, `holds-operator:${holder.operatorId}`, `holds-operator:${holder.operatorId}`);
    const held = await countOperatorHolds(tx, holder.operatorId);
    if (held >= limits.operator) throw tooManyHolds(BOOKING_MESSAGES.tooManyHolds(limits.operator));
    return { session: held, address: held, network: held };
  }
  await lockHolder(tx, `holds-network:${holder.networkKey}`, `holds-session:${holder.sessionKey}`);
  const counts = await countLiveHolds(tx, holder);
  if (counts.session >= limits.session) throw tooManyHolds(BOOKING_MESSAGES.tooManyHolds(limits.session));
  if (counts.address >= limits.address || counts.network >= limits.network) {
    throw tooManyHolds(FAIR_HOLD_MESSAGES.tooManyFromConnection);
  }
  if (config.holdChallenge && challengeLevel(limits, counts) !== undefined) {
    if (!solved) throw challengeRequired();
    await spendChallenge(tx, solved);
  }
  return counts;
}

export type HeldRound = { courseId: number; courseName: string; startsAt: Date; players: number };

/**
 * In the transaction that takes the places: refuses (429 too_many_holds) a hold that would bring one network's
 * unpaid places on a course-day above its share of that course-day's places. A tour operator's holds are not a
 * network's. A network's only hold needs no look (one booking takes at most four places a course-day):
 * `firstHold` says the network has no other. `excludeBookingId`: the booking being changed, whose own places are
 * replaced.
 */
export async function checkNetworkShare(
  tx: Queryable,
  config: AppConfig['bookings'],
  holder: Holder,
  rounds: HeldRound[],
  options: { firstHold?: boolean; excludeBookingId?: number },
): Promise<void> {
  if (holder.operatorId !== undefined || options.firstHold) return;
  for (const round of rounds) {
    const date = londonDate(round.startsAt);
    const { held, places } = await networkShareOf(tx, {
      networkKey: holder.networkKey,
      courseId: round.courseId,
      from: londonWallTimeToUtc(date, '00:00'),
      to: londonWallTimeToUtc(addDays(date, 1), '00:00'),
      excludeBookingId: options.excludeBookingId ?? 0,
    });
    if ((held + round.players) * 100 > places * config.holdSharePerNetworkPercent) {
      throw tooManyHolds(FAIR_HOLD_MESSAGES.networkShare(round.courseName, formatLongDate(date)));
    }
  }
}
