import type { FastifyInstance } from 'fastify';

/**
 * Runs `pass` every `intervalMs` from when the app is ready until it closes. Passes never overlap (the next is timed
 * from the end of the last); a failing pass is logged as `failureMessage` and retried at the next tick; close waits
 * for a pass under way. The timer does not keep the process alive.
 */
export function runPeriodically(
  app: FastifyInstance,
  intervalMs: number,
  pass: () => Promise<void>,
  failureMessage: string,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => app.log.error({ err: error }, failureMessage))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  };

  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
