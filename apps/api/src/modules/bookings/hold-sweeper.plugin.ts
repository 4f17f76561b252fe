import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic-job.ts';
import { purgeSpentChallenges } from '../../lib/proof-of-work.ts';
import { purgeRateLimitCounters } from '../../lib/rate-limit/rate-limiter.ts';
import { expireHolds } from './expire-holds.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Every HOLD_SWEEP_INTERVAL_MS, marks lapsed holds expired (and hourly drops idle rate-limit counters and expired spent challenges). Safe in
 * every instance (see expireHolds). Started when the app is ready, stopped on close; passes never overlap, and a
 * failing pass (database down) is logged and retried at the next tick.
 */
export async function holdSweeper(app: FastifyInstance): Promise<void> {
  const interval = app.config.bookings.holdSweepIntervalMs;
  if (interval <= 0) return;
  let lastPurge = 0;

  const pass = async () => {
    const expired = await expireHolds(app.db);
    if (expired.length > 0) app.log.info({ expired: expired.length }, 'lapsed holds expired');
    if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = Date.now();
      await purgeRateLimitCounters(app.db);
      await purgeSpentChallenges(app.db);
    }
  };

  runPeriodically(app, interval, pass, 'hold sweep failed');
}
