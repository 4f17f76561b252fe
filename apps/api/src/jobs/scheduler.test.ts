import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppConfig, loadConfig } from '../config/env.ts';
import type { Job } from './job.ts';
import { createJobScheduler, describeJobError, FIRST_PASS_AFTER_MAX_MS } from './scheduler.ts';

const app = {} as FastifyInstance;

// The jobs below carry their own intervals; the scheduler reads only those.
const config: AppConfig = loadConfig({});

function logger() {
  return { info: vi.fn(), error: vi.fn() };
}

/** A job whose passes wait for `release()`; it records how many run at once. */
function gatedJob(intervalMs: number) {
  const state = { started: 0, finished: 0, running: 0, maxRunning: 0 };
  const gates: Array<() => void> = [];
  const job: Job<number> = {
    name: 'hold-sweep',
    intervalMs: () => intervalMs,
    async run() {
      state.started += 1;
      state.running += 1;
      state.maxRunning = Math.max(state.maxRunning, state.running);
      await new Promise<void>((resolve) => gates.push(resolve));
      state.running -= 1;
      state.finished += 1;
      return state.finished;
    },
    report: (finished) => ({ message: 'gated pass', fields: { finished } }),
  };
  const releaseAll = () => {
    for (const release of gates.splice(0)) release();
  };
  return { job, state, releaseAll };
}

describe('createJobScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the passes asked for one after another, never two at once, each with its own result', async () => {
    const { job, state, releaseAll } = gatedJob(0);
    const scheduler = createJobScheduler({ app, config, log: logger(), jobs: { 'hold-sweep': job } });
    const passes = [
      scheduler.runOnce('hold-sweep'),
      scheduler.runOnce('hold-sweep'),
      scheduler.runOnce('hold-sweep'),
    ];
    for (let step = 0; step < 3; step += 1) {
      await vi.waitFor(() => expect(state.started).toBe(step + 1));
      releaseAll();
    }
    expect(await Promise.all(passes)).toEqual([1, 2, 3]);
    expect(state.maxRunning).toBe(1);
  });

  it('runs a job on its interval once started, first within the start-up delay, and not after stop', async () => {
    const { job, state, releaseAll } = gatedJob(60_000);
    const log = logger();
    const scheduler = createJobScheduler({ app, config, log, jobs: { 'hold-sweep': job } });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(state.started).toBe(0);

    scheduler.start();
    await vi.advanceTimersByTimeAsync(FIRST_PASS_AFTER_MAX_MS);
    expect(state.started).toBe(1);
    // A long pass delays the next one: the interval counts from the end of a pass.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(state.started).toBe(1);
    releaseAll();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(state.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.started).toBe(2);
    expect(log.info).toHaveBeenCalledWith({ job: 'hold-sweep', finished: 1 }, 'gated pass');

    // stop waits for the pass under way, and nothing runs afterwards.
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    releaseAll();
    await stopping;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(state.started).toBe(2);
    expect(state.maxRunning).toBe(1);
  });

  it('leaves a job with interval 0 off in the background; it still runs when asked', async () => {
    const run = vi.fn(async () => 7);
    const job: Job<number> = { name: 'mail-purge', intervalMs: () => 0, run };
    const scheduler = createJobScheduler({ app, config, log: logger(), jobs: { 'mail-purge': job } });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(run).not.toHaveBeenCalled();
    expect(await scheduler.runOnce('mail-purge')).toBe(7);
    await scheduler.stop();
  });

  it('logs a failing pass by error type and code only, and runs the job again at the next interval', async () => {
    const golferEmail = 'ada@example.com';
    let calls = 0;
    const job: Job<void> = {
      name: 'payment-schedule',
      intervalMs: () => 1_000,
      async run() {
        calls += 1;
        if (calls === 1) {
          const cause = Object.assign(new Error(`duplicate key (email)=(${golferEmail})`), { code: '23505' });
          throw Object.assign(new Error(`Failed query: insert ... params: ${golferEmail}`), { cause });
        }
      },
    };
    const log = logger();
    const scheduler = createJobScheduler({ app, config, log, jobs: { 'payment-schedule': job } });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    const [fields, message] = log.error.mock.calls[0] as [unknown, string];
    expect(message).toBe('background job payment-schedule failed');
    expect(fields).toEqual({
      job: 'payment-schedule',
      error: [{ type: 'Error' }, { type: 'Error', code: '23505' }],
    });
    expect(JSON.stringify(log.error.mock.calls)).not.toContain(golferEmail);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    await scheduler.stop();
  });

  it('refuses an unknown job name and a job listed under another name', async () => {
    const job: Job<void> = { name: 'mail-outbox', intervalMs: () => 0, run: async () => undefined };
    const scheduler = createJobScheduler({ app, config, log: logger(), jobs: { 'mail-outbox': job } });
    await expect(scheduler.runOnce('nope' as 'mail-outbox')).rejects.toThrow(
      'No background job is called nope',
    );
    expect(() => createJobScheduler({ app, config, log: logger(), jobs: { 'mail-purge': job } })).toThrow(
      'The job listed as mail-purge is called mail-outbox',
    );
  });
});

describe('describeJobError', () => {
  it('keeps types and codes of the error and its causes, never messages', () => {
    class AppLikeError extends Error {
      readonly code = 'payment_provider_unavailable';
    }
    const error = new AppLikeError('We could not reach ada@example.com');
    expect(describeJobError(error)).toEqual([{ type: 'AppLikeError', code: 'payment_provider_unavailable' }]);
    expect(describeJobError('text')).toEqual([{ type: 'string' }]);
  });
});
