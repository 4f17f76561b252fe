import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { Job, JobReport } from './job.ts';

/**
 * A job's first pass comes this soon after start-up at the latest, so hourly work (the purges) still runs in a
 * process restarted more often than its interval.
 */
export const FIRST_PASS_AFTER_MAX_MS = 5_000;

export type JobScheduler<Results extends Record<string, unknown>> = {
  /** Starts each job whose interval is above 0 on its timer; a second call does nothing. */
  start(): void;
  /**
   * One pass of `name` now, after the pass of it under way (if any), so passes of one job never overlap in this
   * process. Resolves with the pass's result; rejects with its error, which is not logged here.
   */
  runOnce<N extends keyof Results & string>(name: N): Promise<Results[N]>;
  /** Stops every timer and waits for the passes under way. */
  stop(): Promise<void>;
};

type Logger = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * What a failed pass logs about its error: the type and code of the error and of each cause (a PostgreSQL SQLSTATE,
 * an AppError code, a network errno), never a message. A driver's message can quote the statement's parameters,
 * which may be a golfer's details.
 */
export function describeJobError(error: unknown): Array<{ type: string; code?: string }> {
  const chain: Array<{ type: string; code?: string }> = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 5; ) {
    if (typeof current !== 'object') {
      chain.push({ type: typeof current });
      break;
    }
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    chain.push({
      type: (current as object).constructor?.name ?? 'Object',
      ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    });
    current = cause;
  }
  return chain;
}

/**
 * Runs each job every `intervalMs(config)` (timed from the end of its last pass, so passes never overlap), first
 * within FIRST_PASS_AFTER_MAX_MS of start. A failing pass is logged (its error's types and codes only) and the job
 * runs again at its next interval. Timers do not keep the process alive. `stop` waits for passes under way.
 */
export function createJobScheduler<Results extends Record<string, unknown>>(options: {
  app: FastifyInstance;
  config: AppConfig;
  log: Logger;
  jobs: { [N in keyof Results]: Job<Results[N]> };
}): JobScheduler<Results> {
  const { app, config, log } = options;
  const jobs = new Map<string, Job>(Object.entries<Job>(options.jobs as Record<string, Job>));
  for (const [key, job] of jobs) {
    if (key !== job.name) throw new Error(`The job listed as ${key} is called ${job.name}`);
  }
  const tails = new Map<string, Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  let started = false;
  let stopped = false;

  const pass = (job: Job): Promise<unknown> => {
    const previous = tails.get(job.name) ?? Promise.resolve();
    const run = previous.then(() => job.run(app));
    tails.set(
      job.name,
      run.catch(() => undefined),
    );
    return run;
  };

  const logReport = (job: Job, report: JobReport | undefined) => {
    if (report) log.info({ job: job.name, ...report.fields }, report.message);
  };

  const schedule = (job: Job, delayMs: number, intervalMs: number) => {
    if (stopped) return;
    const timer = setTimeout(async () => {
      timers.delete(timer);
      try {
        const result = await pass(job);
        logReport(job, job.report?.(result));
      } catch (error) {
        log.error({ job: job.name, error: describeJobError(error) }, `background job ${job.name} failed`);
      }
      schedule(job, intervalMs, intervalMs);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  return {
    start() {
      if (started || stopped) return;
      started = true;
      for (const job of jobs.values()) {
        const intervalMs = job.intervalMs(config);
        if (intervalMs > 0) schedule(job, Math.min(intervalMs, FIRST_PASS_AFTER_MAX_MS), intervalMs);
      }
    },
    runOnce(name) {
      const job = jobs.get(name);
      if (!job) return Promise.reject(new Error(`No background job is called ${name}`));
      return pass(job) as Promise<Results[typeof name]>;
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(tails.values());
    },
  };
}
