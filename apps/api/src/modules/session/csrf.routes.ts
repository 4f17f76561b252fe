import { emptyResponseSchema } from '@links/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
        response: { 200: emptyResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.issueCsrfToken();
      reply.header('cache-control', 'no-store');
      return { data: {} };
    },
  );
};
