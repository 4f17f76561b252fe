import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { MailTransport } from './mail-transport.ts';
import { type ProcessOutboxOptions, type ProcessOutboxResult, processOutbox } from './process-outbox.ts';
import { purgeOldMail } from './purge-outbox.ts';

export const DEFAULT_MAIL_POLL_INTERVAL_MS = 5000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export type MailWorker = {
  /** One pass over the due rows now (also what each poll runs). Passes never overlap. */
  runOnce(): Promise<ProcessOutboxResult>;
  /** Stops polling and waits for a pass in progress to finish. */
  stop(): Promise<void>;
};

/**
 * Polls the outbox every `pollIntervalMs` and sends what is due (and hourly deletes old sent mail). Safe to run in every instance (rows are claimed
 * with SKIP LOCKED). A failing pass (database down) is logged and the next poll tries again.
 */
export function startMailWorker(options: {
  db: Db;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
  outbox?: Omit<ProcessOutboxOptions, 'now'>;
}): MailWorker {
  const { db, transport, log } = options;
  const interval = options.pollIntervalMs ?? DEFAULT_MAIL_POLL_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<ProcessOutboxResult> | undefined;
  let stopped = false;
  let lastPurge = 0;

  const runOnce = (): Promise<ProcessOutboxResult> => {
    running ??= processOutbox(db, transport, options.outbox).finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        const result = await runOnce();
        if (result.claimed > 0) log.info({ mail: result }, 'mail outbox pass');
        if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
          lastPurge = Date.now();
          const purged = await purgeOldMail(db);
          if (purged > 0) log.info({ purged }, 'old mail deleted from the outbox');
        }
      } catch (error) {
        log.error({ err: error }, 'mail outbox pass failed');
      }
      schedule();
    }, interval);
    // Polling alone must not keep a process alive that has nothing else to do.
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
