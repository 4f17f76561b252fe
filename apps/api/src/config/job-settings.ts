// Every background job's name and switch, in one table that config/env.ts validates at boot. Kept apart from the
// job files (which import the modules they drive) so that reading the configuration loads no module.

export type JobSetting = {
  /** The environment variable holding the job's interval in milliseconds; 0 turns the job off. */
  env: string;
  defaultMs: number;
  /** An older variable still read when `env` is unset. */
  formerEnv?: string;
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const JOB_SETTINGS = {
  'hold-sweep': { env: 'JOB_HOLD_SWEEP_INTERVAL_MS', defaultMs: 30_000, formerEnv: 'HOLD_SWEEP_INTERVAL_MS' },
  'payment-reconciliation': { env: 'JOB_PAYMENT_RECONCILIATION_INTERVAL_MS', defaultMs: MINUTE_MS },
  'payment-schedule': { env: 'JOB_PAYMENT_SCHEDULE_INTERVAL_MS', defaultMs: 5 * MINUTE_MS },
  'mail-outbox': { env: 'JOB_MAIL_OUTBOX_INTERVAL_MS', defaultMs: 5_000 },
  'mail-purge': { env: 'JOB_MAIL_PURGE_INTERVAL_MS', defaultMs: HOUR_MS },
  'rate-limit-purge': { env: 'JOB_RATE_LIMIT_PURGE_INTERVAL_MS', defaultMs: HOUR_MS },
  'access-grant-purge': { env: 'JOB_ACCESS_GRANT_PURGE_INTERVAL_MS', defaultMs: HOUR_MS },
  'spent-challenge-purge': { env: 'JOB_SPENT_CHALLENGE_PURGE_INTERVAL_MS', defaultMs: HOUR_MS },
  'planner-statistics': { env: 'JOB_PLANNER_STATISTICS_INTERVAL_MS', defaultMs: MINUTE_MS },
} as const satisfies Record<string, JobSetting>;

/** Jobs switched by a JOB_*_INTERVAL_MS variable. */
export type ScheduledJobName = keyof typeof JOB_SETTINGS;

/**
 * Every job. `maintenance-flag` refreshes this instance's copy of the maintenance flag: its interval is the cache
 * window, MAINTENANCE_CACHE_MS, which already has its own setting.
 */
export type JobName = ScheduledJobName | 'maintenance-flag';

/** The longest interval a job may be given: a day (a purge). */
export const MAX_JOB_INTERVAL_MS = 24 * HOUR_MS;
