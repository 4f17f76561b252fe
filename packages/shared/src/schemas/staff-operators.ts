import { z } from 'zod';
import { count, instant, pence, positiveInt } from './answer-fields';
import { USERNAME_PATTERN } from './auth';
import { coercedIdSchema, emailAddressSchema, requiredTextSchema, wholeNumberSchema } from './common';
import { dataEnvelope } from './envelope';
import { OPERATOR_PAYMENT_TERMS, operatorBalanceFields } from './operator-bookings';
import { colleagueSchema } from './operator-colleagues';
import { STAFF_BOOKING_STATES } from './staff-bookings';

// Tour operators in the staff area (issue 23): the list with what each owes, one operator's bookings with their
// amounts and due dates, and the account changes the resort makes (create, deposit, disable and enable, a password
// reset link). No password is ever shown to staff: a new operator chooses theirs from an e-mailed link.

export const OPERATOR_MESSAGES = {
  company: 'Please enter the company name (up to 200 characters).',
  username: 'The username must be 3 to 64 letters, digits or . _ @ - characters.',
  email: 'Please enter a valid e-mail address.',
  deposit: 'The deposit must be a whole percentage from 0 to 100.',
  tradeDiscount: 'The trade rate must be a whole percentage from 0 to 50.',
} as const;

const depositPercent = wholeNumberSchema(0, 100, OPERATOR_MESSAGES.deposit);

export const createOperatorRequestSchema = z.object({
  company_name: requiredTextSchema(200, OPERATOR_MESSAGES.company),
  username: z
    .string({ error: OPERATOR_MESSAGES.username })
    .trim()
    .regex(USERNAME_PATTERN, { error: OPERATOR_MESSAGES.username }),
  email: emailAddressSchema(OPERATOR_MESSAGES.email),
  deposit_percent: depositPercent,
});
export type CreateOperatorRequest = z.infer<typeof createOperatorRequestSchema>;

const tradeDiscountPercent = wholeNumberSchema(0, 50, OPERATOR_MESSAGES.tradeDiscount);

/** One change at a time, each audited as its own action. */
export const updateOperatorRequestSchema = z
  .strictObject({
    deposit_percent: depositPercent.optional(),
    trade_discount_percent: tradeDiscountPercent.optional(),
    status: z.enum(['active', 'disabled'], { error: 'status must be active or disabled' }).optional(),
  })
  .refine((change) => Object.values(change).filter((value) => value !== undefined).length === 1, {
    error: 'Change one thing at a time: the deposit, the trade rate or the status.',
  });
export type UpdateOperatorRequest = z.infer<typeof updateOperatorRequestSchema>;

export const operatorIdParamsSchema = z.object({
  id: coercedIdSchema('The operator id must be a whole number'),
});

export const staffOperatorSchema = z.object({
  id: positiveInt,
  company_name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  deposit_percent: z.number().int(),
  /** Percent off green fees and combinations for bookings this operator makes from now on. */
  trade_discount_percent: z.number().int(),
  status: z.enum(['active', 'disabled']),
  /** The operator has chosen a password (a new account has not until they use the e-mailed link). */
  password_set: z.boolean(),
  created_at: instant,
  /** Confirmed or held bookings with a round still to play. */
  upcoming_bookings: count,
  /** What confirmed bookings still owe, in pence. */
  due: pence,
  /** The earliest date by which something is owed, or null when nothing is. */
  next_due_at: instant.nullable(),
});
export type StaffOperator = z.infer<typeof staffOperatorSchema>;
export const staffOperatorListResponseSchema = dataEnvelope(z.array(staffOperatorSchema));
export const staffOperatorResponseSchema = dataEnvelope(staffOperatorSchema);

export const staffOperatorBookingSchema = z.object({
  booking_number: z.string(),
  state: z.enum(STAFF_BOOKING_STATES),
  first_tee_time: instant.nullable(),
  courses: z.array(z.string()),
  players: count,
  payment_method: z.enum(OPERATOR_PAYMENT_TERMS).nullable(),
  payable: pence,
  ...operatorBalanceFields,
});
export type StaffOperatorBooking = z.infer<typeof staffOperatorBookingSchema>;

export const staffOperatorDetailSchema = z.object({
  operator: staffOperatorSchema,
  /** Every booking but abandoned holds, those still to play first (soonest first), then the past (latest first). */
  bookings: z.array(staffOperatorBookingSchema),
  /** The people who book for the company with sign-ins of their own (issue 24), invited by its administrator. */
  colleagues: z.array(colleagueSchema),
});
export type StaffOperatorDetail = z.infer<typeof staffOperatorDetailSchema>;
export const staffOperatorDetailResponseSchema = dataEnvelope(staffOperatorDetailSchema);

export const operatorLinkSentSchema = z.object({ sent_to: z.string() });
export const operatorLinkSentResponseSchema = dataEnvelope(operatorLinkSentSchema);
