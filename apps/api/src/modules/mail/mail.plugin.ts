import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devOutboxRoutes } from './dev-outbox.routes.ts';
import type { MailTransport } from './mail-message.ts';
import { createMailTransport, localOutboxDir } from './mail-transport.ts';
import { warmEmailRenderer } from './render-email.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: { transport: MailTransport };
  }
}

/**
 * The mail transport (SMTP or the local outbox), closed with the app, and, outside production, GET /dev/outbox to
 * read locally written mail in a browser. The outbox is sent by the `mail-outbox` job (src/jobs).
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const transport = createMailTransport(app.config);
    app.decorate('mail', { transport });
    app.addHook('onClose', async () => transport.close());
    // React's server renderer loads on the first render (a fifth of a second): load it while the server starts, not
    // inside the transaction of the first booking confirmed. Nothing waits for it.
    app.addHook('onReady', async () => {
      warmEmailRenderer().catch((error: unknown) =>
        app.log.warn({ err: error }, 'e-mail renderer warm-up failed'),
      );
    });

    if (!app.config.isProduction) {
      await app.register(devOutboxRoutes, { dir: localOutboxDir(app.config), transportKind: transport.kind });
    }
  },
  { name: 'mail' },
);
