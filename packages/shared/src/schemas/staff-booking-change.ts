import { z } from 'zod';
import { count, instant, pence, positiveInt } from './answer-fields';
import { bookingGolfersSchema, checkCaddiesWithinGolfers, saveBookingBodySchema } from './bookings';
import { requiredTextSchema, wholeNumberSchema } from './common';
import { individualPlayerDetailsSchema } from './contact-details';
import { dataEnvelope } from './envelope';
import { CHANGE_MESSAGES } from './staff-bookings';
import { deskRefundSchema, namedSchema } from './staff-fields';

// Changing a confirmed booking by staff (issue 22): its rounds (another tee time on any day, caddies, a round
// dropped), its golfers (how many, which player types, also the concession) in one request, in the shape of the
// public step-1 save. The booking is priced again by the shared pricing code; the difference is shown first (the
// preview), then taken as due, or returned to the card in full or in part.

const { courses: bookingCoursesSchema } = saveBookingBodySchema.shape;

/** A reason staff give (why the booking changed, why one golfer may play the Championship Course). */
const reasonText = (message: string) => requiredTextSchema(200, message);

export const staffBookingChangeRequestSchema = z
  .object({
    /** The rounds after the change: a round left out is cancelled, its places back on sale at once. */
    courses: bookingCoursesSchema,
    /** The golfers after the change, positions 1..n; any player type, also those the public may not book. */
    golfers: bookingGolfersSchema,
    /** Lets one golfer play the Championship Course, with the reason (the public flow needs two). */
    championship_override: reasonText(CHANGE_MESSAGES.override).optional(),
    /** Pence returned to the card when the new price is lower; at most what was overpaid by card. */
    refund: wholeNumberSchema(0, 100_000_000, CHANGE_MESSAGES.refund).default(0),
    reason: reasonText(CHANGE_MESSAGES.reason),
  })
  .superRefine(checkCaddiesWithinGolfers);
export type StaffBookingChangeRequest = z.infer<typeof staffBookingChangeRequestSchema>;
export type StaffBookingChangeRequestInput = z.input<typeof staffBookingChangeRequestSchema>;

const changedRoundSchema = z.object({
  course_id: positiveInt,
  course_name: z.string(),
  /** The tee time before the change; null for a round the change adds. */
  from: instant.nullable(),
  /** The tee time after the change; null for a round the change cancels. */
  to: instant.nullable(),
  caddies: count,
});

export const staffBookingChangeSchema = z.object({
  booking_number: z.string(),
  rounds: z.array(changedRoundSchema),
  golfers: z.array(
    z.object({
      position: positiveInt,
      player_type: z.string(),
      ticket: z.string(),
      total: pence,
    }),
  ),
  /** What the booking cost before, and costs after (pence, VAT included). */
  payable_before: pence,
  payable_after: pence,
  /** payable_after - payable_before: above 0 the golfer owes more, below 0 they paid too much. */
  difference: z.number().int(),
  /** Paid so far (card and recorded), before any refund of this change. */
  paid: pence,
  /** At most what may go back to the card: what was overpaid, within what the card paid. */
  refundable: pence,
  /** Still to pay after the change (and its refund), at the desk or by phone. */
  due_after: pence,
  /** The refund this change made, if any. */
  refund: deskRefundSchema.nullable(),
});
export type StaffBookingChange = z.infer<typeof staffBookingChangeSchema>;
export const staffBookingChangeResponseSchema = dataEnvelope(staffBookingChangeSchema);

/** Every player type, for the staff's golfer pickers (the public flow offers only some). */
export const staffPlayerTypesSchema = z.array(namedSchema);
export const staffPlayerTypesResponseSchema = dataEnvelope(staffPlayerTypesSchema);

/** The courses for the staff area's pickers, from a staff route so that they load while the public site is closed. */
export const staffCoursesSchema = z.array(namedSchema);
export const staffCoursesResponseSchema = dataEnvelope(staffCoursesSchema);

// Booking for a caller (issue 22): the reservations desk books a phone or walk-in golfer on any player type, with
// the public engine's checks and prices and the desk's exceptions, and confirms it at once with what is due to be
// paid at the desk (taken later with the payment form). The golfer gets the confirmation e-mail with its PIN.

export const staffNewBookingRequestSchema = z
  .object({
    courses: bookingCoursesSchema,
    golfers: bookingGolfersSchema,
    championship_override: reasonText(CHANGE_MESSAGES.override).optional(),
    /** The caller's details, by the golfer's own step-2 rules (they lead the group, or name who does). */
    contact: individualPlayerDetailsSchema,
    notes: saveBookingBodySchema.shape.notes,
  })
  .superRefine(checkCaddiesWithinGolfers);
export type StaffNewBookingRequest = z.infer<typeof staffNewBookingRequestSchema>;
export type StaffNewBookingRequestInput = z.input<typeof staffNewBookingRequestSchema>;

export const staffNewBookingSchema = z.object({
  booking_number: z.string(),
  payable: pence,
  /** Due at the desk by the end of the first round's day. */
  due: pence,
  balance_due_at: instant,
});
export type StaffNewBooking = z.infer<typeof staffNewBookingSchema>;
export const staffNewBookingResponseSchema = dataEnvelope(staffNewBookingSchema);
