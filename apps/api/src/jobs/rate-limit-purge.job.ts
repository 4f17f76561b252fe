import { purgeRateLimitCounters } from '../lib/rate-limit/rate-limiter.ts';
import { purgeJob } from './job.ts';

/**
 * Deletes rate-limit counters of windows long past (a counter only counts in its own window; this keeps the table
 * small). Several instances: one DELETE by window start; a row deleted by one is simply not there for the other.
 */
export const rateLimitPurgeJob = purgeJob(
  'rate-limit-purge',
  (app) => purgeRateLimitCounters(app.db),
  'old rate-limit counters deleted',
);
