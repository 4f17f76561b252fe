import { z } from 'zod';
import { GROUP_MESSAGES, isGroup, MAX_GROUP_GOLFERS } from '../groups';
import { STEP_ONE_MESSAGES } from '../messages';
import { MAX_ID, positiveIdSchema } from './common';
import { dataEnvelope } from './envelope';
import { bookingGolferListSchema, bookingRoundsSchema, pricedGolferSchema } from './ticket-prices';

// POST /v1/bookings and PATCH /v1/bookings/{id}: the step-1 save. The client also sends its totals, its booking
// record, play dates and tee-time details; they are accepted and ignored (unknown keys are stripped): the server
// prices from its own tables and reads every tee time from its own slots.

export const BOOKING_NOTES_MAX_LENGTH = 2000;

export const CADDIES_OVER_GOLFERS_MESSAGE = 'You can book at most one caddie per golfer.';
export const NOTES_TOO_LONG_MESSAGE = `Please keep your requests under ${BOOKING_NOTES_MAX_LENGTH} characters.`;

const golferPositionError = `Each golfer id must be a position from 1 to ${MAX_GROUP_GOLFERS}`;

export const bookingGolferSchema = z.object({
  /** The golfer's position in the booking (1-based), as the booking state numbers them. */
  id: z
    .number({ error: golferPositionError })
    .int({ error: golferPositionError })
    .min(1, { error: golferPositionError })
    .max(MAX_GROUP_GOLFERS, { error: golferPositionError }),
  playerTypeId: positiveIdSchema('Each golfer player type'),
});

const caddiesError = `Caddies must be a whole number from 0 to ${MAX_GROUP_GOLFERS}`;

export const bookingCourseSchema = z.object({
  id: positiveIdSchema('Each course id'),
  teeTime: z.object(
    { id: positiveIdSchema('The tee time id') },
    { error: STEP_ONE_MESSAGES.missingTeeTimes },
  ),
  caddies: z
    .number({ error: caddiesError })
    .int({ error: caddiesError })
    .min(0, { error: caddiesError })
    .max(MAX_GROUP_GOLFERS, { error: caddiesError })
    .default(0),
});

/** No round books more caddies than the booking has golfers (the step-1 save's rule; the staff's changes too). */
export function checkCaddiesWithinGolfers(
  body: { golfers: unknown[]; courses: Array<{ caddies: number }> },
  context: z.RefinementCtx,
): void {
  for (const [index, course] of body.courses.entries()) {
    if (course.caddies > body.golfers.length) {
      context.addIssue({
        code: 'custom',
        path: ['courses', index, 'caddies'],
        message: CADDIES_OVER_GOLFERS_MESSAGE,
      });
    }
  }
}

/** The golfers of a booking: one to four, each listed once (the public flow's and the staff's). */
export const bookingGolfersSchema = bookingGolferListSchema(bookingGolferSchema);

/**
 * A group of five or more plays one course on consecutive tee times (issue 24): the round asked for names the
 * group's first tee time and the engine holds the ones after it. Only tour operators book groups; the engine
 * answers visitors with the spec's count message.
 */
function checkGroupOneCourse(
  body: { golfers: unknown[]; courses: unknown[] },
  context: z.RefinementCtx,
): void {
  if (isGroup(body.golfers.length) && body.courses.length > 1) {
    context.addIssue({ code: 'custom', path: ['courses'], message: GROUP_MESSAGES.oneCourse });
  }
}

export const saveBookingBodySchema = z
  .object({
    golfers: bookingGolferListSchema(bookingGolferSchema, MAX_GROUP_GOLFERS, GROUP_MESSAGES.count),
    courses: bookingRoundsSchema(bookingCourseSchema),
    notes: z
      .string({ error: 'Notes must be text' })
      .max(BOOKING_NOTES_MAX_LENGTH, { error: NOTES_TOO_LONG_MESSAGE })
      .nullish()
      .transform((notes) => notes?.trim() ?? ''),
    caddiesOption: z.enum(['all', 'some', 'none']).optional(),
  })
  .superRefine(checkCaddiesWithinGolfers)
  .superRefine(checkGroupOneCourse);
export type SaveBookingBody = z.infer<typeof saveBookingBodySchema>;
export type SaveBookingBodyInput = z.input<typeof saveBookingBodySchema>;

export const bookingIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: 'The booking id must be a positive whole number' })
    .transform(Number)
    .refine((id) => id <= MAX_ID, { error: 'The booking id must be a positive whole number' }),
});

export const bookingTotalsSchema = z.object({
  net: z.number().int().nonnegative(),
  vat: z.number().int().nonnegative(),
  payable: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  due: z.number().int().nonnegative(),
});
export type BookingTotals = z.infer<typeof bookingTotalsSchema>;

export const savedBookingCourseSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  teeTime: z.object({ id: z.number().int().positive(), time: z.iso.datetime() }),
  caddies: z.number().int().nonnegative(),
});

export const savedBookingSchema = z.object({
  booking_id: z.number().int().positive(),
  booking_number: z.string(),
  status: z.enum(['held', 'confirmed', 'cancelled', 'expired']),
  /** ISO instants on the database clock; the hold ends at hold_expires_at (date_created + 10 minutes). */
  date_created: z.iso.datetime(),
  hold_expires_at: z.iso.datetime(),
  /** The database clock when the answer was made, so the client can correct its countdown. */
  server_time: z.iso.datetime(),
  totals: bookingTotalsSchema,
  golfers: z.array(pricedGolferSchema.extend({ playerTypeId: z.number().int().positive() })),
  courses: z.array(savedBookingCourseSchema),
  notes: z.string(),
});
export type SavedBooking = z.infer<typeof savedBookingSchema>;

export const savedBookingResponseSchema = dataEnvelope(savedBookingSchema);
