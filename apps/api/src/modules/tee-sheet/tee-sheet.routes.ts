import { courseParamsSchema } from '@links/shared/schemas/common';
import { diaryQuerySchema, diaryResponseSchema } from '@links/shared/schemas/diary';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../../lib/envelope.ts';
import { sendSerialized } from '../../lib/prebuilt-json.ts';
import { sessionKey } from '../../lib/session-token.ts';
import { bookableDates, notStartedAfter, ukDateRange } from '../courses/bookable-dates.ts';
import { findCourseOr404 } from '../courses/find-course-or-404.ts';
import { findDiarySlots, isOwnHeldBooking } from './tee-sheet.repository.ts';

const EMPTY_DIARY = '{"data":[]}';

export const teeSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses/:id/diary',
    {
      schema: {
        summary: "One UK day's tee sheet for a course: each unblocked slot with the live bookings in it",
        description:
          'Slot times are UTC instants. Held bookings count until one minute after their hold expires. ' +
          'current_booking_id leaves that booking out of every slot, so its own places never count against it; ' +
          'only for the session that holds it (from anyone else it is ignored). ' +
          "filter_today=1 drops today's slots that have already started. Days before today or after the " +
          "course's closing date have no slots.",
        tags: ['diary'],
        params: courseParamsSchema,
        querystring: diaryQuerySchema,
        response: { 200: diaryResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { start_date: date, filter_today: filterToday, current_booking_id: requested } = request.query;
      const course = await findCourseOr404(app.db, request.params.id);
      // Live data: places change with every booking and every expiring hold.
      reply.header('cache-control', 'no-store');

      const now = app.clock.now();
      const bookable = bookableDates(course, now);
      if (date < bookable.first || date > bookable.last) return sendSerialized(reply, EMPTY_DIARY);

      // Only the session that holds the booking may have its places left out (and so skip the shared cache):
      // from anyone else the parameter is ignored, else any visitor could bypass the cache at will.
      const ownBookingId =
        requested !== undefined &&
        request.sessionId !== null &&
        (await isOwnHeldBooking(app.db, requested, sessionKey(request.sessionId)))
          ? requested
          : undefined;
      const range = ukDateRange(date, date);
      const fromNow = filterToday === 1 && date === bookable.first;
      // Built by findDiarySlots in the schema's own shape (ids from the database, instants from toISOString), so
      // plain JSON.stringify writes what the zod serialiser would; the API tests compare the two on every answer.
      const build = async () => {
        const slots = await findDiarySlots(app.db, {
          courseId: course.id,
          from: fromNow ? notStartedAfter(app.clock.now()) : range.from,
          to: range.to,
          ...(ownBookingId === undefined ? {} : { excludeBookingId: ownBookingId }),
        });
        return JSON.stringify({ data: slots });
      };
      // The public sheet is shared by every visitor, so it comes from the micro-cache (decision 006); a booking's
      // own view (current_booking_id, for its own session) is per booking and always read fresh.
      const body =
        ownBookingId === undefined
          ? await app.diaryCache.get(`${course.id}|${date}|${fromNow ? 'from-now' : 'day'}`, build)
          : await build();
      return sendSerialized(reply, body);
    },
  );
};
