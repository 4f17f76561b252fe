import {
  bookingIdParamsSchema,
  saveBookingBodySchema,
  savedBookingResponseSchema,
} from '@links/shared/schemas/bookings';
import { CHALLENGE_PATH, challengeResponseSchema } from '@links/shared/schemas/proof-of-work';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, serializeBuiltAnswer } from '../../lib/envelope.ts';
import { issueChallenge, PROOF_OF_WORK_HEADER, readSolvedChallenge } from '../../lib/proof-of-work.ts';
import { clientAddressKey, clientNetworkKey } from '../../lib/rate-limit/client-key.ts';
import { enforceRateLimit } from '../../lib/rate-limit/rate-limiter.ts';
import { sessionKey } from '../../lib/session-token.ts';
import { bookingOperator, currentOperator } from '../auth/current-operator.ts';
import { countLiveHolds } from './bookings.repository.ts';
import { challengeLevel } from './fair-holds.ts';
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
  app.get(
    CHALLENGE_PATH,
    {
      schema: {
        summary: 'A proof-of-work challenge for the next hold (asked for only above normal use)',
        description:
          'POST /v1/bookings answers 403 challenge_required when this browser session, its address or its network ' +
          'already holds more unpaid tee times than normal use (a quarter of each cap). The browser then gets a ' +
          'challenge here (ALTCHA, PBKDF2/SHA-256, signed, bound to this session, valid 10 minutes; the further ' +
          'above normal use, the more work), solves it and repeats the call with the X-Proof-Of-Work header ' +
          '(base64 of JSON { challenge, solution }). Each solved challenge lets one hold through.',
        tags: ['bookings'],
        response: { 200: challengeResponseSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      if (!request.sessionId) throw sessionRequired();
      const { sessionSecret } = app.config;
      const session = sessionKey(request.sessionId);
      const counts = await countLiveHolds(app.db, {
        sessionKey: session,
        clientKey: clientAddressKey(sessionSecret, request.ip),
        networkKey: clientNetworkKey(sessionSecret, request.ip),
      });
      const level = challengeLevel(app.config.bookings.maxLiveHolds, counts) ?? 0;
      const challenge = await issueChallenge(sessionSecret, session, level);
      reply.header('cache-control', 'no-store');
      return {
        data: {
          challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' },
        },
      };
    },
  );

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
      const { sessionSecret } = app.config;
      const clientKey = clientAddressKey(sessionSecret, request.ip);
      const { max, windowSeconds } = app.config.bookings.createRateLimit;
      await enforceRateLimit(app.db, reply, { bucket: 'booking-create', max, windowSeconds }, clientKey);
      const session = sessionKey(request.sessionId);
      const operator = (await bookingOperator(request))?.operator;
      const data = await createBooking(app, request.body, {
        sessionKey: session,
        clientKey,
        networkKey: clientNetworkKey(sessionSecret, request.ip),
        operatorId: operator?.id ?? null,
        tradeDiscountPercent: operator?.tradeDiscountPercent ?? 0,
        solvedChallenge: await readSolvedChallenge(
          sessionSecret,
          session,
          request.headers[PROOF_OF_WORK_HEADER],
        ),
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
      // The session that made the booking: an operator's books at their trade rate, and may hold a group.
      const operator = (await currentOperator(request))?.operator;
      const data = await updateBooking(app, request.params.id, request.body, {
        sessionKey: sessionKey(request.sessionId),
        tradeDiscountPercent: operator?.tradeDiscountPercent ?? 0,
        operatorId: operator?.id ?? null,
      });
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );
};
