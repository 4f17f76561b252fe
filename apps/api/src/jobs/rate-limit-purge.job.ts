import { purgeRateLimitCounters } from '../lib/rate-limit/rate-limiter.ts';
import { purgeJob } from './job.ts';

/**
 * Deletes rate-limit counters with no attempt for longer than the longest window (they count nothing any more; this
 * keeps the table small). Several instances: one DELETE by last attempt; a row deleted by one is simply not there for
 * the other.
 */
export const rateLimitPurgeJob = purgeJob(
  'rate-limit-purge',
  (app) => purgeRateLimitCounters(app.db),
  'idle rate-limit counters deleted',
);
