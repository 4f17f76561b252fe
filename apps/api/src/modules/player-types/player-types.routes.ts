import { playersQuerySchema, playersResponseSchema } from '@links/shared/schemas/players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlayerType } from '../../db/schema/index.ts';
import { errorEnvelopeSchema } from '../../lib/envelope.ts';
import { sendSerialized, serializedPer, serializeWithSchema } from '../../lib/prebuilt-json.ts';
import { REFERENCE_CACHE_CONTROL } from '../courses/courses.routes.ts';
import { listPlayerTypes } from './player-types.repository.ts';

const toPlayerType = (type: PlayerType) => ({ id: type.id, name: type.name });

// The unfiltered list (what the booking form asks for) only changes when the reference cache reloads.
const allPlayersBody = serializedPer((rows: PlayerType[]) =>
  serializeWithSchema(playersResponseSchema, { data: rows.map(toPlayerType) }),
);

export const playerTypesRoutes: FastifyPluginAsyncZod = async (app) => {
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
      if (requested === undefined) return sendSerialized(reply, allPlayersBody(rows));
      return { data: rows.filter((type) => requested.includes(type.id)).map(toPlayerType) };
    },
  );
};
