import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { JobName } from '../config/job-settings.ts';

/** The info line a pass writes when it changed something (counts only: never personal data). */
export type JobReport = { message: string; fields: Record<string, number> };

/**
 * One kind of background work. Every instance of the API runs every job, so `run` must stay correct when several
 * passes of it run at once on one database (each job file says how).
 */
export type Job<Result = unknown> = {
  name: JobName;
  /** Milliseconds between the end of one pass and the start of the next in this process; 0 = off. */
  intervalMs(config: AppConfig): number;
  /** One pass. Throwing fails the pass (logged); the next pass runs at the next interval all the same. */
  run(app: FastifyInstance): Promise<Result>;
  /** What to log after a pass; undefined when there is nothing worth a line. */
  report?(result: Result): JobReport | undefined;
};

/** The interval of a job switched by its JOB_*_INTERVAL_MS setting. */
export const configuredInterval =
  (name: keyof AppConfig['jobs']['intervalsMs']) =>
  (config: AppConfig): number =>
    config.jobs.intervalsMs[name];

/** A job whose pass deletes what has had its time and logs how many rows went (when any did). */
export function purgeJob(
  name: keyof AppConfig['jobs']['intervalsMs'],
  purge: (app: FastifyInstance) => Promise<number>,
  message: string,
): Job<number> {
  return {
    name,
    intervalMs: configuredInterval(name),
    run: purge,
    report: (purged) => (purged > 0 ? { message, fields: { purged } } : undefined),
  };
}
