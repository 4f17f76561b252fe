import { z } from 'zod';
import { count, instant, pence } from './answer-fields';
import { dateStringSchema } from './common';
import { dataEnvelope } from './envelope';

// A tour operator's own bookings (issue 24, "My bookings"): still to play (soonest first) or played (latest first),
// filtered by the day of the first round and by status, each with its money: total, paid, due and by when.

export const OPERATOR_BOOKING_STATUSES = ['confirmed', 'held', 'cancelled'] as const;
export type OperatorBookingStatus = (typeof OPERATOR_BOOKING_STATUSES)[number];

export const operatorBookingsQuerySchema = z
  .object({
    when: z.enum(['upcoming', 'past'], { error: 'when must be upcoming or past' }).default('upcoming'),
    from: dateStringSchema('from').optional(),
    to: dateStringSchema('to').optional(),
    status: z.enum(OPERATOR_BOOKING_STATUSES, { error: 'Please choose a known status' }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'The last day must not be before the first',
    path: ['to'],
  });
export type OperatorBookingsQuery = z.infer<typeof operatorBookingsQuerySchema>;
export type OperatorBookingsQueryInput = z.input<typeof operatorBookingsQuerySchema>;

export const operatorBookingSchema = z.object({
  booking_number: z.string(),
  status: z.enum(OPERATOR_BOOKING_STATUSES),
  rounds: z.array(z.object({ course: z.string(), tee_time: instant })),
  golfers: count,
  /** online: paid by card when booked; deposit: a deposit by card, the balance later; offline: pay later. */
  payment_terms: z.enum(['online', 'deposit', 'offline']).nullable(),
  total: pence,
  paid: pence,
  due: pence,
  /** When the balance is due, while something is owed. */
  due_at: instant.nullable(),
});
export type OperatorBooking = z.infer<typeof operatorBookingSchema>;

export const operatorBookingsSchema = z.object({
  bookings: z.array(operatorBookingSchema),
  /** More matched than the list holds: narrow the dates. */
  truncated: z.boolean(),
});
export type OperatorBookings = z.infer<typeof operatorBookingsSchema>;
export const operatorBookingsResponseSchema = dataEnvelope(operatorBookingsSchema);
