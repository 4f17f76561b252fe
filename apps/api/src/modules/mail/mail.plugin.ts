import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devOutboxRoutes } from './dev-outbox.routes.ts';
import { createMailTransport, localOutboxDir, type MailTransport } from './mail-transport.ts';
import { DEFAULT_MAIL_POLL_INTERVAL_MS, type MailWorker, startMailWorker } from './mail-worker.ts';
import { type ProcessOutboxResult, processOutbox } from './process-outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      transport: MailTransport;
      /** Sends what is due now (tests, and a CLI if ever needed); the background worker does the same. */
      flushOutbox(): Promise<ProcessOutboxResult>;
    };
  }
}

export type MailPluginOptions = {
  pollIntervalMs?: number;
  /** Default: on, except under NODE_ENV=test where tests flush the outbox themselves. */
  startWorker?: boolean;
};

/**
 * The mail transport (SMTP or the local outbox), the outbox worker (started when the server is ready, stopped
 * on close) and, outside production, GET /dev/outbox to read locally written mail in a browser.
 */
export const mailPlugin = fp<MailPluginOptions>(
  async (app: FastifyInstance, options) => {
    const transport = createMailTransport(app.config);
    app.decorate('mail', {
      transport,
      flushOutbox: () => (worker ? worker.runOnce() : processOutbox(app.db, transport)),
    });

    let worker: MailWorker | undefined;
    if (options.startWorker ?? app.config.nodeEnv !== 'test') {
      app.addHook('onReady', async () => {
        worker = startMailWorker({
          db: app.db,
          transport,
          log: app.log,
          pollIntervalMs: options.pollIntervalMs ?? DEFAULT_MAIL_POLL_INTERVAL_MS,
        });
      });
    }
    app.addHook('onClose', async () => {
      await worker?.stop();
      await transport.close();
    });

    if (!app.config.isProduction) {
      await app.register(devOutboxRoutes, { dir: localOutboxDir(app.config), transportKind: transport.kind });
    }
  },
  { name: 'mail' },
);
