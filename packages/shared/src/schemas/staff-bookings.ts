import { z } from 'zod';
import { count, instant, pageOf, pence, positiveInt } from './answer-fields';
import {
  dateStringSchema,
  positiveWholeNumberSchema,
  requiredTextSchema,
  statusFilterSchema,
  wholeNumberSchema,
  withDaysInOrder,
} from './common';
import { CONFIRMATION_STATUSES, confirmationSchema } from './confirmation';
import { dataEnvelope } from './envelope';
import { deskRefundSchema } from './staff-fields';
import { TEE_SHEET_BOOKING_STATES } from './staff-tee-sheet';

// Finding a booking and its staff page (issue 22). Personal data (e-mail, phone, address) is answered to the
// reservations desk and admins only.

export const STAFF_BOOKING_PAGE_SIZE = 50;

const pageNumber = z
  .string({ error: 'page must be a whole number from 1' })
  .regex(/^[1-9]\d{0,4}$/, { error: 'page must be a whole number from 1' })
  .default('1')
  .transform(Number);

/**
 * GET /v1/staff/bookings: `q` is a booking number (or its start), a name, an e-mail address (or part), a phone number
 * (its digits) or an operator's company or username; `from`/`to` bound the UK dates of play; `status` narrows.
 * Abandoned holds ('expired') are left out unless asked for.
 */
export const staffBookingSearchQuerySchema = withDaysInOrder(
  z.object({
    q: z
      .string({ error: 'q must be text' })
      .trim()
      .max(200, { error: 'Please search with at most 200 characters' })
      .optional(),
    from: dateStringSchema('from').optional(),
    to: dateStringSchema('to').optional(),
    status: statusFilterSchema(CONFIRMATION_STATUSES),
    page: pageNumber,
  }),
);
export type StaffBookingSearchQuery = z.infer<typeof staffBookingSearchQuerySchema>;
export type StaffBookingSearchQueryInput = z.input<typeof staffBookingSearchQuerySchema>;

/** How a booking stands for staff: the tee sheet's states, or cancelled, or an abandoned hold. */
export const STAFF_BOOKING_STATES = [...TEE_SHEET_BOOKING_STATES, 'cancelled', 'expired'] as const;
export type StaffBookingState = (typeof STAFF_BOOKING_STATES)[number];

export const staffBookingSummarySchema = z.object({
  booking_number: z.string(),
  state: z.enum(STAFF_BOOKING_STATES),
  lead_name: z.string(),
  email: z.string(),
  phone: z.string(),
  operator: z.string().nullable(),
  /** The first round's tee time, or null for a booking without rounds. */
  first_tee_time: instant.nullable(),
  courses: z.array(z.string()),
  players: count,
  payable: pence,
  paid: pence,
  created_at: instant,
});
export type StaffBookingSummary = z.infer<typeof staffBookingSummarySchema>;

export const staffBookingSearchSchema = pageOf({ bookings: z.array(staffBookingSummarySchema) });
export type StaffBookingSearch = z.infer<typeof staffBookingSearchSchema>;
export const staffBookingSearchResponseSchema = dataEnvelope(staffBookingSearchSchema);

/** How money staff record was taken: by phone, at the desk or by bank transfer. */
export const RECORDED_PAYMENT_METHODS = ['phone', 'desk', 'bank_transfer'] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

export const staffBookingDetailSchema = z.object({
  /** Everything the golfer's confirmation page shows. */
  confirmation: confirmationSchema,
  /** The tee slot of each round (the change form starts from them). */
  rounds: z.array(z.object({ course_id: positiveInt, slot_id: positiveInt })),
  state: z.enum(STAFF_BOOKING_STATES),
  created_at: instant,
  confirmed_at: instant.nullable(),
  contact: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** The postal address on one line, as entered. */
    address: z.string(),
    /** The visitor asked for news (individual bookings). */
    stay_connected: z.boolean(),
  }),
  operator: z.object({ company_name: z.string(), username: z.string(), email: z.string() }).nullable(),
  notes: z.string().nullable(),
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      amount: z.number().int(),
      status: z.string(),
      /** What became of a paid intent: it confirmed the booking, or was refunded. */
      settlement: z.string().nullable(),
      created_at: instant,
    }),
  ),
  refunds: z.array(
    z.object({ id: z.string(), amount: z.number().int(), status: z.string(), created_at: instant }),
  ),
  /** Payments staff recorded (phone, desk, bank transfer). */
  recorded_payments: z.array(
    z.object({
      amount: positiveInt,
      method: z.enum(RECORDED_PAYMENT_METHODS),
      reference: z.string(),
      by: z.string(),
      at: instant,
    }),
  ),
  /** When the whole payable is due (bookings on terms), and whether staff may record money or move the date. */
  balance_due_at: instant.nullable(),
  /** What can still be returned to the card (the confirming card payment less its refunds). */
  refundable: pence,
  emails: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.enum(['pending', 'sent', 'failed']),
      attempts: count,
      created_at: instant,
      sent_at: instant.nullable(),
    }),
  ),
  /** What happened to the booking, oldest first: by the visitor or operator, by staff, or by the system. */
  timeline: z.array(
    z.object({
      at: instant,
      by: z.enum(['golfer', 'operator', 'staff', 'system']),
      /** A staff member's name when staff did it. */
      who: z.string().nullable(),
      what: z.string(),
    }),
  ),
});
export type StaffBookingDetail = z.infer<typeof staffBookingDetailSchema>;
export const staffBookingDetailResponseSchema = dataEnvelope(staffBookingDetailSchema);

// Money taken by phone, at the desk or by bank transfer, and a later due date (issue 22): the payment-schedule job
// then neither reminds nor cancels a booking that was paid, or whose deadline staff moved.

export const MONEY_MESSAGES = {
  amount: 'Please enter the amount taken, for example 55.00',
  method: 'Please choose how it was paid',
  reference: 'Please enter the payment reference (up to 100 characters)',
  notConfirmed: 'Only a confirmed booking can take a payment or a new due date.',
  nothingDue: 'Nothing is due on this booking.',
  tooMuch: 'That is more than is due on this booking.',
  dueDate: 'Please enter the new due date',
  dueDatePast: 'The new due date must be today or later.',
  dueDateAfterPlay: 'The new due date must be before the first round.',
  notOnTerms: 'Only a booking on deposit or pay-later terms has a due date.',
  played: 'This booking has been played, so it can no longer be paid online.',
  noEmail: 'This booking has no e-mail address to send the link to.',
} as const;

/** POST /v1/staff/bookings/:number/payments: `amount` in pence. */
export const recordPaymentRequestSchema = z.object({
  amount: positiveWholeNumberSchema(MONEY_MESSAGES.amount, 100_000_000),
  method: z.enum(RECORDED_PAYMENT_METHODS, { error: MONEY_MESSAGES.method }),
  reference: requiredTextSchema(100, MONEY_MESSAGES.reference),
});
export type RecordPaymentRequest = z.infer<typeof recordPaymentRequestSchema>;

/** POST /v1/staff/bookings/:number/due-date: the UK date by whose end the balance is now due. */
export const dueDateRequestSchema = z.object({ due_date: dateStringSchema('due_date') });
export type DueDateRequest = z.infer<typeof dueDateRequestSchema>;

export const moneyChangeSchema = z.object({
  booking_number: z.string(),
  paid: pence,
  payable: pence,
  balance_due_at: instant.nullable(),
});
export type MoneyChange = z.infer<typeof moneyChangeSchema>;
export const moneyChangeResponseSchema = dataEnvelope(moneyChangeSchema);

/** POST /v1/staff/bookings/:number/payment-link: the signed link to pay what is due by card, e-mailed. */
export const paymentLinkSentSchema = z.object({
  sent_to: z.string(),
  /** What was due when it was sent, in pence. */
  amount: positiveInt,
});
export type PaymentLinkSent = z.infer<typeof paymentLinkSentSchema>;
export const paymentLinkSentResponseSchema = dataEnvelope(paymentLinkSentSchema);

// Cancelling a booking (issue 22): its places return to the public at once; what was paid by card is refunded in
// full or in part through the payment provider, once; the golfer is told, with the calendar events cancelled.

export const CANCEL_MESSAGES = {
  reason: 'Please say why the booking is cancelled (up to 200 characters)',
  refund: 'Please enter the amount to refund, for example 55.00, or 0',
  tooMuch: 'That is more than was paid by card on this booking.',
  notConfirmed: 'Only a confirmed booking can be cancelled here.',
} as const;

export const cancelBookingRequestSchema = z.object({
  reason: requiredTextSchema(200, CANCEL_MESSAGES.reason),
  /** Pence returned to the card; 0 keeps the money (e.g. inside the resort's cancellation terms). */
  refund: wholeNumberSchema(0, 100_000_000, CANCEL_MESSAGES.refund),
});
export type CancelBookingRequest = z.infer<typeof cancelBookingRequestSchema>;

export const cancelledBookingSchema = z.object({
  booking_number: z.string(),
  /** The refund the cancellation made, if any. */
  refund: deskRefundSchema.nullable(),
});
export type CancelledBooking = z.infer<typeof cancelledBookingSchema>;
export const cancelledBookingResponseSchema = dataEnvelope(cancelledBookingSchema);

// Moving a round (issue 22): to another tee time of the same course on the same day, where the price is the same;
// capacity is checked in the transaction that moves it, as the public booking engine checks it.

export const MOVE_MESSAGES = {
  course: 'Please choose the round to move',
  slot: 'Please choose the new tee time',
  notConfirmed: 'Only a confirmed booking can be moved here.',
  noRound: 'This booking has no round on that course.',
  sameSlot: 'The round is already at that tee time.',
  otherDay:
    'A round can be moved to another tee time on the same course and day (another day may change its price).',
  started: 'That tee time has already started.',
  blocked: 'That tee time is blocked.',
  full: 'That tee time does not have enough free places.',
  whichRound: 'This group has several tee times on that course: please choose which one to move.',
} as const;

export const moveRoundRequestSchema = z.object({
  course_id: positiveWholeNumberSchema(MOVE_MESSAGES.course),
  slot_id: positiveWholeNumberSchema(MOVE_MESSAGES.slot),
  /** The tee time the round is at now: needed only for a group, whose rounds share one course. */
  from_slot_id: positiveWholeNumberSchema(MOVE_MESSAGES.course).optional(),
});
export type MoveRoundRequest = z.infer<typeof moveRoundRequestSchema>;

export const movedRoundSchema = z.object({
  booking_number: z.string(),
  course_id: positiveInt,
  from: instant,
  to: instant,
});
export type MovedRound = z.infer<typeof movedRoundSchema>;
export const movedRoundResponseSchema = dataEnvelope(movedRoundSchema);

// Caddies changed by staff (issue 22): any time before the round, also within the 24 hours the golfer's own page
// refuses; caddies are paid in cash on the day, so the booking's money does not change.

export const staffCaddiesRequestSchema = z.object({
  course_id: positiveWholeNumberSchema(MOVE_MESSAGES.course),
  caddies: wholeNumberSchema(0, 4, 'Please choose 0 to 4 caddies'),
});
export type StaffCaddiesRequest = z.infer<typeof staffCaddiesRequestSchema>;

export const staffCaddiesAnswerSchema = z.object({
  booking_number: z.string(),
  course_id: positiveInt,
  caddies: count,
  changed: z.boolean(),
});
export type StaffCaddiesAnswer = z.infer<typeof staffCaddiesAnswerSchema>;
export const staffCaddiesResponseSchema = dataEnvelope(staffCaddiesAnswerSchema);

// Contact details corrected by staff (issue 22): the name, e-mail and phone of a visitor's booking, checked by the
// same rules as the golfer's own form (individualPlayerDetailsSchema over the whole record).

export const staffContactRequestSchema = z.strictObject(
  {
    first_name: z.string({ error: 'Please enter a first name' }).optional(),
    surname: z.string({ error: 'Please enter a surname' }).optional(),
    email_address: z.string({ error: 'Please enter an email address' }).optional(),
    telephone_number: z.string({ error: 'Please enter a telephone number' }).optional(),
  },
  { error: 'Only the name, e-mail address and telephone number can be changed here' },
);
export type StaffContactRequest = z.infer<typeof staffContactRequestSchema>;

export const staffContactAnswerSchema = z.object({
  booking_number: z.string(),
  changed: z.array(z.string()),
});
export type StaffContactAnswer = z.infer<typeof staffContactAnswerSchema>;
export const staffContactResponseSchema = dataEnvelope(staffContactAnswerSchema);

// Changing a booking's rounds and golfers (issue 22): the request and answer are in staff-booking-change.ts, which
// the web imports for types only (its schemas build on the public step-1 save's).

export const CHANGE_MESSAGES = {
  reason: 'Please say why the booking is changed (up to 200 characters)',
  refund: 'Please enter the amount to refund, for example 20.00, or 0',
  tooMuchRefund: 'That is more than was overpaid by card on this booking.',
  override: 'Please say why one golfer may play the Championship Course (up to 200 characters)',
  notConfirmed: 'Only a confirmed booking can be changed here.',
  nothing: 'Nothing would change: choose another tee time, round or golfers.',
  playerType: 'Please choose a player type we have',
  group:
    "A group's golfers are changed by its tour operator or by phone. Move its tee times one at a time from the booking's rounds.",
} as const;
