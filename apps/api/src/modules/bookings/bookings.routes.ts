import {
  bookingIdParamsSchema,
  saveBookingBodySchema,
  savedBookingResponseSchema,
} from '@links/shared/schemas/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, serializeBuiltAnswer } from '../../lib/envelope.ts';
import { clientAddressKey } from '../../lib/rate-limit/client-key.ts';
import { enforceRateLimit } from '../../lib/rate-limit/rate-limiter.ts';
import { sessionKey } from '../../lib/session-token.ts';
import { currentOperator } from '../auth/current-operator.ts';
import { createBooking, sessionRequired, updateBooking } from './save-booking.ts';

const errors = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings',
    {
      schema: {
        summary: 'Creates a booking and holds its places for 10 minutes (step 1 Continue)',
        description:
          'Every slot rule is checked again on the server and the golfers are priced from its own tables: ' +
          'totals sent by the client are ignored. The hold ends at hold_expires_at (database clock); the ' +
          'places return to the public one minute later. Only the creating browser session may change it. ' +
          'Losing a race for the last places answers 409 slot_full. Player types 1 (adult) and 3 (under 16) ' +
          'only: any other answers 400 player_type_not_offered on the golfer.',
        tags: ['bookings'],
        body: saveBookingBodySchema,
        response: { 200: savedBookingResponseSchema, ...errors },
      },
      serializerCompiler: serializeBuiltAnswer,
    },
    async (request, reply) => {
      if (!request.sessionId) throw sessionRequired();
      const clientKey = clientAddressKey(app.config.sessionSecret, request.ip);
      const { max, windowSeconds } = app.config.bookings.createRateLimit;
      await enforceRateLimit(app.db, reply, { bucket: 'booking-create', max, windowSeconds }, clientKey);
      const data = await createBooking(app, request.body, {
        sessionKey: sessionKey(request.sessionId),
        clientKey,
        operatorId: (await currentOperator(request))?.operator.id ?? null,
      });
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  app.patch(
    '/bookings/:id',
    {
      schema: {
        summary: 'Changes a held booking: golfers, tee times, caddies and notes',
        description:
          'Same checks and pricing as creation; the booking’s own places never count against it and the hold ' +
          'deadline does not move. A change of price cancels the payment step 2 opened (step 2 opens one for the ' +
          'new amount; one paid meanwhile is refunded). 404 for an unknown booking or one made in another browser ' +
          'session, 409 once paid, 410 once the hold has ended.',
        tags: ['bookings'],
        params: bookingIdParamsSchema,
        body: saveBookingBodySchema,
        response: { 200: savedBookingResponseSchema, ...errors },
      },
      serializerCompiler: serializeBuiltAnswer,
    },
    async (request, reply) => {
      if (!request.sessionId) throw sessionRequired();
      const data = await updateBooking(app, request.params.id, request.body, {
        sessionKey: sessionKey(request.sessionId),
      });
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );
};
