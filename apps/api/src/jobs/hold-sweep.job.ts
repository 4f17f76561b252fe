import { expireHolds } from '../modules/bookings/expire-holds.ts';
import { configuredInterval, type Job } from './job.ts';

/**
 * Marks lapsed holds expired, so a booking's status is honest for people and for the later steps (payment of a
 * lapsed hold, reports). Capacity never waits for it: the live-bookings rule already ignores lapsed holds.
 * Several instances: one UPDATE whose WHERE holds the whole rule; a second sweep waits on the row locks, re-checks
 * status = 'held' and skips what the first expired, so each hold is expired once.
 */
export const holdSweepJob: Job<number[]> = {
  name: 'hold-sweep',
  intervalMs: configuredInterval('hold-sweep'),
  run: (app) => expireHolds(app.db),
  report: (expired) =>
    expired.length > 0 ? { message: 'lapsed holds expired', fields: { expired: expired.length } } : undefined,
};
