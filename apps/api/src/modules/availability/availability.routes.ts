import type { MonthAvailability } from '@links/shared/schemas/availability';
import { availabilityQuerySchema, availabilityResponseSchema } from '@links/shared/schemas/availability';
import { courseParamsSchema } from '@links/shared/schemas/common';
import { formatLongDate } from '@links/shared/uk-time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error.ts';
import { errorEnvelopeSchema } from '../../lib/envelope.ts';
import { sendSerialized } from '../../lib/prebuilt-json.ts';
import { bookableDates, notStartedAfter } from '../courses/bookable-dates.ts';
import { findCourseOr404 } from '../courses/find-course-or-404.ts';
import { type DayUsage, findDailyUsage } from './availability.repository.ts';
import { availabilityStatus } from './availability-status.ts';
import { ukMonthDays } from './uk-month-days.ts';

/** How far back a calendar may page: last month (a browser left open over a month end still gets an answer). */
export const MAX_MONTHS_BACK = 1;
/** How far ahead any month may be asked for, whatever the closing date says. */
export const MAX_MONTHS_AHEAD = 24;

function monthNumber(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses/:id/availability',
    {
      schema: {
        summary: 'Month availability for a course: every day good, low or full',
        description:
          "Over a day's bookable slots (unblocked; today, not yet started): full when no slot has a free place, " +
          'low when fewer than a quarter of the places are free or fewer than 3 slots have room, else good. ' +
          'Days before today, after the closing date or without slots are full. Months from last month up to the ' +
          'closing month (and at most 24 months ahead) are accepted.',
        tags: ['availability'],
        params: courseParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const course = await findCourseOr404(app.db, request.params.id);
      const now = app.clock.now();
      const bookable = bookableDates(course, now);

      const asked = monthNumber(month);
      const current = monthNumber(bookable.first.slice(0, 7));
      if (asked < current - MAX_MONTHS_BACK) {
        throw badRequest(
          'Availability is only shown from last month onwards.',
          { month: 'Choose a later month.' },
          'month_out_of_range',
        );
      }
      if (asked > current + MAX_MONTHS_AHEAD || month > bookable.last.slice(0, 7)) {
        throw badRequest(
          `${course.name} can be booked up to ${formatLongDate(bookable.last)}.`,
          { month: 'Choose an earlier month.' },
          'month_out_of_range',
        );
      }
      reply.header('cache-control', 'no-store');

      const { days, end } = ukMonthDays(month);
      // The bookable part of the month: from today (its unstarted slots) up to the closing date.
      const firstIndex = days.findIndex((day) => day.date >= bookable.first);
      const lastIndex = days.findLastIndex((day) => day.date <= bookable.last);
      const usageByDate = new Map<string, DayUsage>();
      if (firstIndex !== -1 && lastIndex >= firstIndex) {
        const bookableDays = days.slice(firstIndex, lastIndex + 1);
        const usage = await findDailyUsage(app.db, {
          courseId: course.id,
          days: bookableDays,
          end: days[lastIndex + 1]?.start ?? end,
          ...(bookableDays[0]!.date === bookable.first ? { from: notStartedAfter(now) } : {}),
        });
        for (const day of usage) usageByDate.set(day.date, day);
      }
      const data: MonthAvailability = {};
      for (const day of days) data[day.date] = { status: availabilityStatus(usageByDate.get(day.date)) };
      // Keys are the month's own dates and statuses come from availabilityStatus, so plain JSON.stringify writes
      // what the zod serialiser would (without its date parsing of every key); the API tests compare the two.
      return sendSerialized(reply, JSON.stringify({ data }));
    },
  );
};
