import type { FastifyInstance } from 'fastify';
import type { JobName } from '../config/job-settings.ts';
import { accessGrantPurgeJob } from './access-grant-purge.job.ts';
import { holdSweepJob } from './hold-sweep.job.ts';
import type { Job } from './job.ts';
import { mailOutboxJob } from './mail-outbox.job.ts';
import { mailPurgeJob } from './mail-purge.job.ts';
import { maintenanceFlagJob } from './maintenance-flag.job.ts';
import { paymentReconciliationJob } from './payment-reconciliation.job.ts';
import { paymentScheduleJob } from './payment-schedule.job.ts';
import { plannerStatisticsJob } from './planner-statistics.job.ts';
import { rateLimitPurgeJob } from './rate-limit-purge.job.ts';
import { createJobScheduler } from './scheduler.ts';
import { spentChallengePurgeJob } from './spent-challenge-purge.job.ts';

/** Every background job of the API, by name (docs/ARCHITECTURE.md › Background jobs lists them). */
export const JOBS = {
  'hold-sweep': holdSweepJob,
  'payment-reconciliation': paymentReconciliationJob,
  'payment-schedule': paymentScheduleJob,
  'mail-outbox': mailOutboxJob,
  'mail-purge': mailPurgeJob,
  'rate-limit-purge': rateLimitPurgeJob,
  'access-grant-purge': accessGrantPurgeJob,
  'spent-challenge-purge': spentChallengePurgeJob,
  'planner-statistics': plannerStatisticsJob,
  'maintenance-flag': maintenanceFlagJob,
} satisfies Record<JobName, Job>;

export type JobResults = { [N in keyof typeof JOBS]: Awaited<ReturnType<(typeof JOBS)[N]['run']>> };

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /**
       * One pass of a background job now (after any pass of it under way in this process). Tests run jobs this
       * way: their configuration keeps the timers off.
       */
      runOnce<N extends keyof JobResults>(name: N): Promise<JobResults[N]>;
    };
  }
}

/**
 * The one scheduler of the process: started when the app is ready (unless config.jobs.runInBackground is false),
 * stopped before it closes, waiting for passes under way so none outlives the database. Registered after every
 * plugin and route, as jobs use what they decorate (mail transport, payment provider).
 */
export function registerJobs(app: FastifyInstance): void {
  const scheduler = createJobScheduler<JobResults>({ app, config: app.config, log: app.log, jobs: JOBS });
  app.decorate('jobs', { runOnce: scheduler.runOnce });
  if (app.config.jobs.runInBackground) app.addHook('onReady', async () => scheduler.start());
  // preClose: before any onClose hook releases what a pass may still be using (the mail transport).
  app.addHook('preClose', () => scheduler.stop());
}
