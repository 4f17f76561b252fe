import { z } from 'zod';
import type { OperatorPaymentMethod } from '../payment-terms';
import { bookingPaymentIntentSchema } from './contact-details';
import { dataEnvelope } from './envelope';

// Step 2 for a signed-in tour operator (spec section 3 'Tour-operator player details', section 5 'Tour-operator
// contact form'): the schema the web operator form and the API share, so both show the messages word for word.

export const OPERATOR_CONTACT_MESSAGES = {
  firstName: 'Please enter lead players first name',
  surname: 'Please enter lead players last name',
  leadCountry: 'Please select a country',
  terms: 'Please confirm you agree to the terms and conditions',
  paymentMethod: 'Please select a payment method',
  tooLong: 'This is too long',
} as const;

/**
 * What the server answers (422, code `payment_method_unavailable`, field `payment_method`) when a payment method
 * the operator could not have chosen is sent anyway. The form disables these options; the server never trusts it.
 */
export const OPERATOR_PAYMENT_MESSAGES = {
  depositNotOffered:
    'Paying a deposit is not available on your account. Please choose to pay online or pay later.',
  within30Days:
    'Deposit and pay later are not available when a round is within 30 days. Please choose to pay online.',
} as const;

export const OPERATOR_PAYMENT_METHODS = [
  'online',
  'deposit',
  'offline',
] as const satisfies readonly OperatorPaymentMethod[];

const M = OPERATOR_CONTACT_MESSAGES;

function requiredText(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: M.tooLong });
}

/** Spec section 3, tour-operator player details. Unknown keys are dropped. */
export const operatorPlayerDetailsSchema = z.object({
  first_name: requiredText(M.firstName, 100),
  surname: requiredText(M.surname, 100),
  /** ISO 3166-1 alpha-2 of the lead player, upper case. */
  lead_player_country_code: z
    .string({ error: M.leadCountry })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: M.leadCountry }),
  payment_method: z.enum(OPERATOR_PAYMENT_METHODS, { error: M.paymentMethod }),
  terms_and_conditions_agreed: z.literal(true, { error: M.terms }),
});

export type OperatorPlayerDetailsInput = z.input<typeof operatorPlayerDetailsSchema>;
export type OperatorPlayerDetails = z.output<typeof operatorPlayerDetailsSchema>;

/** The keys only an operator may send: an individual (signed-out) body carrying them is refused. */
export const OPERATOR_ONLY_FIELDS = ['payment_method', 'terms_and_conditions_agreed'] as const;

/**
 * One payment of a booking on terms as the server recorded it at step 2 (shared paymentSchedule): what is due, how
 * much (pence) and by when (the instant, and its UK date for display). Step 3 shows these, never its own sums.
 */
export const paymentPlanInstalmentSchema = z.object({
  kind: z.enum(['full', 'deposit', 'balance']),
  amount: z.number().int(),
  due_by: z.string(),
  due_date: z.string(),
});
export type PaymentPlanInstalment = z.infer<typeof paymentPlanInstalmentSchema>;

/**
 * The answer of PATCH /v1/bookings/{id}/details for either form (an operator's carries its payment plan). A card payment is due (every individual
 * booking; operator 'online' for the payable, 'deposit' for the deposit): the intent and confirmation_url null.
 * Operator 'offline': no card payment, so payment_intent null and the signed confirmation page path.
 */
export const saveDetailsResponseSchema = dataEnvelope(
  z.union([
    z.object({
      payment_intent: bookingPaymentIntentSchema,
      confirmation_url: z.null(),
      payment_plan: z.array(paymentPlanInstalmentSchema).optional(),
    }),
    z.object({
      payment_intent: z.null(),
      confirmation_url: z.string(),
      payment_plan: z.array(paymentPlanInstalmentSchema).optional(),
    }),
  ]),
);
export type SaveDetailsResponse = z.infer<typeof saveDetailsResponseSchema>;
