import { z } from 'zod';
import { count, instant, pence } from './answer-fields';
import { dateStringSchema, statusFilterSchema, withDaysInOrder } from './common';
import { dataEnvelope } from './envelope';

// A tour operator's own bookings (issue 24, "My bookings"): still to play (soonest first) or played (latest first),
// filtered by the day of the first round and by status, each with its money: total, paid, due and by when.

export const OPERATOR_BOOKING_STATUSES = ['confirmed', 'held', 'cancelled'] as const;
export type OperatorBookingStatus = (typeof OPERATOR_BOOKING_STATUSES)[number];

export const operatorBookingsQuerySchema = withDaysInOrder(
  z.object({
    when: z.enum(['upcoming', 'past'], { error: 'when must be upcoming or past' }).default('upcoming'),
    from: dateStringSchema('from').optional(),
    to: dateStringSchema('to').optional(),
    status: statusFilterSchema(OPERATOR_BOOKING_STATUSES),
  }),
);
export type OperatorBookingsQuery = z.infer<typeof operatorBookingsQuerySchema>;
export type OperatorBookingsQueryInput = z.input<typeof operatorBookingsQuerySchema>;

/** online: paid by card when booked; deposit: a deposit by card, the balance later; offline: pay later. */
export const OPERATOR_PAYMENT_TERMS = ['online', 'deposit', 'offline'] as const;

/** What an operator's booking has paid, still owes and by when: the operator's list and the staff's page alike. */
export const operatorBalanceFields = {
  paid: pence,
  due: pence,
  /** When the balance is due, while something is owed. */
  due_at: instant.nullable(),
};

export const operatorBookingSchema = z.object({
  booking_number: z.string(),
  status: z.enum(OPERATOR_BOOKING_STATUSES),
  rounds: z.array(z.object({ course: z.string(), tee_time: instant })),
  golfers: count,
  payment_terms: z.enum(OPERATOR_PAYMENT_TERMS).nullable(),
  total: pence,
  ...operatorBalanceFields,
});
export type OperatorBooking = z.infer<typeof operatorBookingSchema>;

export const operatorBookingsSchema = z.object({
  bookings: z.array(operatorBookingSchema),
  /** More matched than the list holds: narrow the dates. */
  truncated: z.boolean(),
});
export type OperatorBookings = z.infer<typeof operatorBookingsSchema>;
export const operatorBookingsResponseSchema = dataEnvelope(operatorBookingsSchema);
