import { bookingCalendarFileName, ICS_CONTENT_TYPE } from '@links/shared/calendar-ics';
import {
  bookingNumberParamsSchema,
  confirmationQuerySchema,
  confirmationResponseSchema,
  pinAccessBodySchema,
  updateCaddiesBodySchema,
} from '@links/shared/schemas/confirmation';
import { golferNamesBodySchema } from '@links/shared/schemas/golfer-names';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/envelope.ts';
import { dataRoutes } from '../data-route.ts';
import { bookingCalendarFor } from './booking-calendar.ts';
import { bookingChangeRoutes } from './booking-change-routes.ts';
import { bookingDownload } from './booking-download.ts';
import { loadBookingRecord } from './confirmation.repository.ts';
import { bookingForRequest, bookingNotFound, unlockWithPin } from './confirmation-access.ts';
import { saveGolferNames } from './golfer-names.ts';
import { confirmationAnswer } from './load-confirmation.ts';
import { updateOwnCaddies } from './update-caddies.ts';

const errors = errorResponses(400, 403, 404, 409, 413, 422, 429);

/** A PIN or caddie body is a few dozen bytes: anything near this is not a browser's. */
const SMALL_BODY_LIMIT_BYTES = 4 * 1024;

/** The confirmation page's calls: signed, session and PIN access, the caddie editor and the calendar file. */
export const confirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = dataRoutes(app, ['confirmation']);

  route.get(
    '/bookings/:bookingNumber/confirmation',
    {
      summary: 'The confirmed booking, by signed link or for a session that made or unlocked it',
      description:
        'With signature and expires (the e-mailed link): a valid, unexpired signature answers the booking and ' +
        'unlocks it for this browser session for 24 hours (a session cookie is started if there is none); an ' +
        'expired, tampered or foreign one answers 403 link_expired, whatever the booking number. Without them: ' +
        'the session that made the booking or unlocked it answers the booking, any other 403 access_required ' +
        '(show the PIN form). Held and expired bookings answer 404 booking_not_found; cancelled ones are shown ' +
        'with status cancelled.',
      params: bookingNumberParamsSchema,
      querystring: confirmationQuerySchema,
      response: confirmationResponseSchema,
      errors,
    },
    async (request, reply) => {
      const { bookingNumber } = request.params;
      const booking = await bookingForRequest(app, request, reply, bookingNumber, request.query, {
        grant: true,
      });
      return confirmationAnswer(app, reply, booking.id);
    },
  );

  route.post(
    '/bookings/:bookingNumber/confirmation',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      summary: 'PIN access: the booking number and PIN from the e-mail unlock the booking for this session',
      description:
        'Body { booking_id (the booking number, as in the address), pin }. A wrong PIN and an unknown booking ' +
        'number answer the same 422 pin_invalid. Five wrong PINs for one booking number within 15 minutes lock ' +
        'it for the rest of that window (429 pin_locked, Retry-After); twenty attempts from one address within ' +
        '15 minutes answer 429 rate_limited. Both counters are shared by every API instance.',
      params: bookingNumberParamsSchema,
      body: pinAccessBodySchema,
      response: confirmationResponseSchema,
      errors,
    },
    async (request, reply) => {
      const booking = await unlockWithPin(app, request, reply);
      return confirmationAnswer(app, reply, booking.id);
    },
  );

  const change = bookingChangeRoutes(app, errors);

  change.patch(
    '/bookings/:bookingNumber/caddies',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      summary: 'Changes the caddies of rounds more than 24 hours away (a session with access)',
      description:
        'Body { booking_id (the booking number), courses: [{ id, caddies }] }; courses left out keep theirs. ' +
        'A count may change only on a round whose tee time is more than 24 hours away (422 caddies_locked ' +
        "otherwise) and must be 0 up to the round's golfers (422 caddies_invalid). One refusal changes " +
        'nothing. Answers the updated confirmation.',
      body: updateCaddiesBodySchema,
    },
    (booking, body) => updateOwnCaddies(app, booking.id, body),
  );

  change.put(
    '/bookings/:bookingNumber/golfer-names',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      summary:
        "Names the golfers of a tour operator's booking, until the names' deadline (a session with access)",
      description:
        'Body { booking_id (the booking number), golfers: [{ id (position), name }] }; golfers left out keep ' +
        "their names, '' clears one. Until the end of the UK day NAMES_DEADLINE_DAYS (14) before the first " +
        "round; after it 422 names_locked (the reservations desk changes them). A visitor's booking: 422 " +
        'names_not_allowed. Answers the updated booking.',
      body: golferNamesBodySchema,
    },
    (booking, body) => saveGolferNames(app, booking.id, body),
  );

  bookingDownload(
    app,
    '/bookings/:bookingNumber/calendar.ics',
    {
      summary: 'The booking as an iCalendar file: one event per round at its UK tee time',
      description:
        'text/calendar (RFC 5545), Europe/London times with their VTIMEZONE. Same access as the confirmation ' +
        'fetch: signature and expires in the query, or a session that made or unlocked the booking. Needs no ' +
        'API key or X-Requested-With, so the page can offer it as a link.',
      params: bookingNumberParamsSchema,
      file: z.string().describe('The .ics file (text/calendar)'),
      errors,
    },
    async (booking, { bookingNumber }, reply) => {
      const record = await loadBookingRecord(app.db, booking.id);
      if (!record) throw bookingNotFound();
      const ics = bookingCalendarFor(record, {
        resortName: app.config.brand.resortName,
        publicUrl: app.config.publicUrl,
        now: app.clock.now(),
      });
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${bookingCalendarFileName(bookingNumber)}"`)
        .type(ICS_CONTENT_TYPE);
      return ics;
    },
  );
};
