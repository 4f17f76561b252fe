import type { FastifyInstance } from 'fastify';
import { purgeAccessGrants } from './booking-access.repository.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Hourly, deletes lapsed session access grants (they stop counting the moment they lapse; this only keeps the
 * table small). Safe in every instance: a plain delete by expiry. Started when the app is ready, stopped on close;
 * a failing pass is logged and retried at the next tick.
 */
export async function accessGrantPurge(app: FastifyInstance, everyMs = PURGE_EVERY_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = purgeAccessGrants(app.db)
        .then((purged) => {
          if (purged > 0) app.log.info({ purged }, 'lapsed booking access grants purged');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'booking access grant purge failed'))
        .finally(() => {
          running = undefined;
        });
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
