import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '../../lib/envelope.ts';

export const csrfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/csrf',
    {
      // The web client fetches the token before any call; during maintenance that call must still work so the
      // next /v1 call can answer 503 and the client can show the maintenance page.
      config: { guards: { maintenance: false } },
      schema: {
        summary: 'Sets the session cookie (if absent) and the XSRF-TOKEN cookie to echo in X-XSRF-TOKEN',
        tags: ['session'],
        response: { 200: dataEnvelope(z.object({})) },
      },
    },
    async (_request, reply) => {
      reply.issueCsrfToken();
      reply.header('cache-control', 'no-store');
      return { data: {} };
    },
  );
};
