import { z } from 'zod';
import { MAX_GOLFERS, MIN_GOLFERS } from '../constants';
import { COURSE_MESSAGES, GOLFER_MESSAGES, STEP_ONE_MESSAGES } from '../messages';
import type { PricedBooking } from '../pricing';
import { MAX_PRICED_ROUNDS } from '../pricing';
import { dateStringSchema, positiveIdSchema } from './common';
import { dataEnvelope } from './envelope';

export const pricingGolferSchema = z.object({
  id: positiveIdSchema('Each golfer id'),
  playerTypeId: positiveIdSchema('Each golfer player type'),
});

export const pricingCourseSchema = z.object({
  id: positiveIdSchema('Each course id'),
  teeTime: z.object(
    { date: dateStringSchema('The tee time date') },
    { error: 'Each course needs a teeTime with a date' },
  ),
});

/** Each golfer or round listed once. */
function hasUniqueIds(items: { id: number }[]): boolean {
  return new Set(items.map((item) => item.id)).size === items.length;
}

/** A booking's golfers: MIN_GOLFERS to `max`, each once (`tooMany` where a group has its own message). */
export function bookingGolferListSchema<Golfer extends z.ZodType<{ id: number }>>(
  golfer: Golfer,
  max = MAX_GOLFERS,
  tooMany: string = GOLFER_MESSAGES.count,
) {
  return z
    .array(golfer, { error: GOLFER_MESSAGES.count })
    .min(MIN_GOLFERS, { error: GOLFER_MESSAGES.count })
    .max(max, { error: tooMany })
    .refine(hasUniqueIds, { error: GOLFER_MESSAGES.duplicate });
}

/** A booking's rounds: one to MAX_PRICED_ROUNDS courses, each once (the prices' request and the step-1 save). */
export function bookingRoundsSchema<Course extends z.ZodType<{ id: number }>>(course: Course) {
  return z
    .array(course, { error: STEP_ONE_MESSAGES.noCourse })
    .min(1, { error: STEP_ONE_MESSAGES.noCourse })
    .max(MAX_PRICED_ROUNDS, { error: COURSE_MESSAGES.tooMany })
    .refine(hasUniqueIds, { error: COURSE_MESSAGES.duplicate });
}

/** POST /v1/tickets/prices body. */
export const ticketPricesBodySchema = z.object({
  golfers: bookingGolferListSchema(pricingGolferSchema),
  courses: bookingRoundsSchema(pricingCourseSchema),
});
export type TicketPricesBody = z.infer<typeof ticketPricesBodySchema>;

export const ticketSchema = z.object({
  label: z.string(),
  course_ids: z.array(z.number().int().positive()),
  price: z.number().int().nonnegative(),
});

export const pricedGolferSchema = z.object({
  id: z.number().int().positive(),
  net_price: z.number().int().nonnegative(),
  total_vat: z.number().int().nonnegative(),
  total_price: z.number().int().nonnegative(),
  tickets: z.array(ticketSchema),
  ticket_label: z.string(),
});

export const pricedBookingSchema = z.object({
  golfers: z.array(pricedGolferSchema),
  totals: z.object({
    net: z.number().int().nonnegative(),
    vat: z.number().int().nonnegative(),
    payable: z.number().int().nonnegative(),
  }),
}) satisfies z.ZodType<PricedBooking>;

export const ticketPricesResponseSchema = dataEnvelope(pricedBookingSchema);
