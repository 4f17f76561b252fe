import { PricingError, priceBooking, tradeRateTables } from '@links/shared/pricing';
import { ticketPricesBodySchema, ticketPricesResponseSchema } from '@links/shared/schemas/ticket-prices';
import { formatLongDate } from '@links/shared/uk-time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { errorEnvelopeSchema } from '../../lib/envelope.ts';
import { currentOperator } from '../auth/current-operator.ts';
import { bookableDates } from '../courses/bookable-dates.ts';
import { listCourses } from '../courses/courses.repository.ts';
import { listPlayerTypes } from '../player-types/player-types.repository.ts';
import { checkPublicPlayerTypes } from '../player-types/public-player-types.ts';
import { loadPricingTables } from './pricing-tables.repository.ts';

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tickets/prices',
    {
      schema: {
        summary: "Prices each golfer's rounds from the resort's own fee tables (VAT inclusive, pence)",
        description:
          'The cheapest cover of single green fees and combination packages is chosen per player type; ' +
          'combinations apply 1 April to 31 October when the tee times fall within seven days. Player types 1 ' +
          '(adult) and 3 (under 16) only: any other answers 400 player_type_not_offered on the golfer.',
        tags: ['tickets'],
        body: ticketPricesBodySchema,
        response: {
          200: ticketPricesResponseSchema,
          400: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { golfers, courses: rounds } = request.body;
      const [courseRows, playerTypeRows, fullTables, signedIn] = await Promise.all([
        listCourses(app.db),
        listPlayerTypes(app.db),
        loadPricingTables(app.db),
        currentOperator(request),
      ]);
      // A tour operator is quoted at their trade rate; visitors never see it.
      const tables = tradeRateTables(fullTables, signedIn?.operator.tradeDiscountPercent ?? 0);
      const now = app.clock.now();

      checkPublicPlayerTypes(golfers, playerTypeRows);
      for (const [index, round] of rounds.entries()) {
        const course = courseRows.find((row) => row.id === round.id);
        if (!course) {
          throw badRequest(
            `There is no course with id ${round.id}.`,
            { [`courses.${index}.id`]: 'Please choose one of our courses.' },
            'unknown_course',
          );
        }
        const bookable = bookableDates(course, now);
        if (round.teeTime.date < bookable.first || round.teeTime.date > bookable.last) {
          throw badRequest(
            `${course.name} cannot be booked on ${formatLongDate(round.teeTime.date)}.`,
            { [`courses.${index}.teeTime.date`]: 'Please choose a date from today up to the closing date.' },
            'date_not_bookable',
          );
        }
      }

      try {
        const priced = priceBooking(
          golfers.map((golfer) => ({ id: golfer.id, playerTypeId: golfer.playerTypeId })),
          rounds.map((round) => ({ courseId: round.id, date: round.teeTime.date })),
          tables,
        );
        return { data: priced };
      } catch (error) {
        if (error instanceof PricingError) {
          // The body passed the schema, so only a gap in the fee tables is left: data to fix, not a caller error.
          throw error.code === 'no_fee'
            ? new AppError('no_green_fee', 422, error.message)
            : badRequest(error.message, undefined, 'invalid_pricing_request');
        }
        throw error;
      }
    },
  );
};
