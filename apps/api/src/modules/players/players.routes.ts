import { playersQuerySchema, playersResponseSchema } from '@links/shared/schemas/players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../../lib/envelope.ts';
import { REFERENCE_CACHE_CONTROL } from '../courses/courses.routes.ts';
import { listPlayerTypes } from './players.repository.ts';

export const playersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/players',
    {
      schema: {
        summary: 'Player types; ?types=1,3 returns only those of the listed ids that exist',
        tags: ['players'],
        querystring: playersQuerySchema,
        response: { 200: playersResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const requested = request.query.types;
      const rows = await listPlayerTypes(app.db);
      reply.header('cache-control', REFERENCE_CACHE_CONTROL);
      return {
        data: rows
          .filter((type) => requested === undefined || requested.includes(type.id))
          .map((type) => ({ id: type.id, name: type.name })),
      };
    },
  );
};
