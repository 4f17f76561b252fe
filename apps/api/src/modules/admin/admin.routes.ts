import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { dataEnvelope } from '../../lib/envelope.ts';
import { createSecretMatcher } from '../../lib/session-token.ts';
import { checkJsonContentType } from '../../plugins/request-guards.ts';

const statusResponse = dataEnvelope(
  z.object({ maintenance: z.boolean(), forced_by_env: z.boolean(), database_flag: z.boolean() }),
);

/**
 * Operator endpoints outside /v1, authorised by `Authorization: Bearer <ADMIN_TOKEN>` (not by the browser
 * API key). They stay reachable during maintenance, which is how maintenance is switched off again.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const isAdminToken = createSecretMatcher([app.config.adminToken]);

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(app.securityHeaders.api);
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    if (!isAdminToken(token)) {
      throw new AppError(
        'admin_token_invalid',
        401,
        'A valid admin token is required (Authorization: Bearer).',
      );
    }
    const contentTypeError = checkJsonContentType(request);
    if (contentTypeError) throw contentTypeError;
  });

  app.get(
    '/maintenance',
    {
      schema: {
        summary: 'Maintenance status (environment override and database flag)',
        tags: ['admin'],
        response: { 200: statusResponse },
      },
    },
    async () => ({ data: await app.maintenance.status() }),
  );

  app.put(
    '/maintenance',
    {
      schema: {
        summary: 'Switch maintenance mode on or off for every instance (database flag)',
        tags: ['admin'],
        body: z.object({ enabled: z.boolean() }),
        response: { 200: statusResponse },
      },
    },
    async (request) => {
      const status = await app.maintenance.set(request.body.enabled);
      request.log.info({ enabled: request.body.enabled }, 'maintenance flag changed');
      return { data: status };
    },
  );
};
