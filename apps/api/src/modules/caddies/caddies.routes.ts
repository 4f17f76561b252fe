import { caddiePricesBodySchema, caddiePricesResponseSchema } from '@links/shared/schemas/caddie-prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../../lib/envelope.ts';
import { findCaddiePriceRangesFrom } from './caddies.repository.ts';

/** The client keeps caddie prices for 12 hours (spec section 9); the answer says the same. */
export const CADDIE_PRICES_CACHE_CONTROL = 'private, max-age=43200';

export const caddiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/caddies/prices',
    {
      schema: {
        summary:
          'Caddie price ranges (pence per caddie, paid in cash) that overlap startDate or come after it',
        description: 'A date no range covers is priced at the fallback of 7000 pence per caddie.',
        tags: ['caddies'],
        body: caddiePricesBodySchema,
        response: { 200: caddiePricesResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const ranges = await findCaddiePriceRangesFrom(app.db, request.body.startDate);
      reply.header('cache-control', CADDIE_PRICES_CACHE_CONTROL);
      return { data: ranges };
    },
  );
};
