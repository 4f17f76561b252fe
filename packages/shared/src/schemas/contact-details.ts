import {
  type CountryCode,
  isSupportedCountry,
  ParseError,
  parsePhoneNumberWithError,
} from 'libphonenumber-js';
import { z } from 'zod';
import { countryCodeSchema, requiredTextSchema } from './common';
import { dataEnvelope } from './envelope';

// Step 2 (individual contact details) and the payment record: the schemas the web form and the API share, so
// both show the section 5 'Individual contact form' messages word for word.

export const INDIVIDUAL_CONTACT_MESSAGES = {
  playerType: 'Please select whether you are the lead player',
  leadPlayerName: 'Please enter a lead player name',
  leadCountry: 'Please select a country',
  firstName: 'Please enter your first name',
  surname: 'Please enter your last name',
  email: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  telephone: 'Please enter a telephone number',
  telephoneInvalid: 'Please enter a valid telephone number',
  telephoneRequired: 'Telephone country and number are required',
  telephoneUnparsable: 'Invalid phone number',
  addressLine1: 'Please enter the first line of your address',
  city: 'Please enter a city',
  county: 'Please enter a county/state',
  postcode: 'Please enter a postcode/zipcode',
  country: 'Please select a country',
  tooLong: 'This is too long',
} as const;

const M = INDIVIDUAL_CONTACT_MESSAGES;

/** Spec section 5: phone input text at most 250 characters, national number 2 to 17 digits, extension up to 20. */
export const PHONE_INPUT_MAX_LENGTH = 250;
const NATIONAL_NUMBER_DIGITS = { min: 2, max: 17 } as const;
const EXTENSION_MAX_DIGITS = 20;

export const PLAYER_TYPES = ['lead_player', 'booking_player'] as const;
export type ContactPlayerType = (typeof PLAYER_TYPES)[number];

function requiredText(message: string, max: number) {
  return requiredTextSchema(max, message, M.tooLong);
}

function optionalText(max: number) {
  return z.string({ error: M.tooLong }).trim().max(max, { error: M.tooLong }).optional().default('');
}

/**
 * The telephone message for a number and its country, or null when it is valid. Exported so the form can show
 * the same message while typing.
 */
export function telephoneProblem(countryCodeValue: unknown, numberValue: unknown): string | null {
  const number = typeof numberValue === 'string' ? numberValue.trim() : '';
  const country = typeof countryCodeValue === 'string' ? countryCodeValue.trim().toUpperCase() : '';
  if (number === '') return M.telephone;
  if (!/^[A-Z]{2}$/.test(country) || !isSupportedCountry(country)) return M.telephoneRequired;
  if (number.length > PHONE_INPUT_MAX_LENGTH) return M.telephoneInvalid;
  try {
    const parsed = parsePhoneNumberWithError(number, country as CountryCode);
    const digits = parsed.nationalNumber.length;
    if (digits < NATIONAL_NUMBER_DIGITS.min || digits > NATIONAL_NUMBER_DIGITS.max) return M.telephoneInvalid;
    if (parsed.ext && parsed.ext.length > EXTENSION_MAX_DIGITS) return M.telephoneInvalid;
    // A number written in international form must belong to the chosen country.
    if (parsed.country !== undefined && parsed.country !== country) return M.telephoneInvalid;
    return parsed.isValid() ? null : M.telephoneInvalid;
  } catch (error) {
    if (error instanceof ParseError) return M.telephoneUnparsable;
    throw error;
  }
}

/**
 * Spec section 3, individual player details. For a lead_player the lead player's name and country are the
 * golfer's own surname and country (set here, whatever was sent); for a booking_player they come from the form.
 */
export const individualPlayerDetailsSchema = z
  .object({
    player_type: z.enum(PLAYER_TYPES, { error: M.playerType }),
    lead_player_name: z.string({ error: M.leadPlayerName }).trim().max(200, { error: M.tooLong }).default(''),
    lead_player_country_code: z.string({ error: M.leadCountry }).trim().toUpperCase().max(2).default(''),
    title: optionalText(20),
    first_name: requiredText(M.firstName, 100),
    surname: requiredText(M.surname, 100),
    email_address: requiredText(M.email, 254).pipe(z.email({ error: M.emailInvalid })),
    telephone_country_code: z.string({ error: M.telephoneRequired }).trim().toUpperCase().max(2, {
      error: M.telephoneRequired,
    }),
    telephone_number: z.string({ error: M.telephone }).trim().max(PHONE_INPUT_MAX_LENGTH, {
      error: M.telephoneInvalid,
    }),
    address_line_1: requiredText(M.addressLine1, 200),
    address_line_2: optionalText(200),
    city: requiredText(M.city, 100),
    county: requiredText(M.county, 100),
    postcode: requiredText(M.postcode, 20),
    country: countryCodeSchema(M.country),
    stay_connected: z.boolean({ error: 'stay_connected must be true or false' }).default(false),
  })
  .superRefine((value, context) => {
    const phone = telephoneProblem(value.telephone_country_code, value.telephone_number);
    if (phone) context.addIssue({ code: 'custom', path: ['telephone_number'], message: phone });
    if (value.player_type === 'booking_player') {
      if (value.lead_player_name === '') {
        context.addIssue({ code: 'custom', path: ['lead_player_name'], message: M.leadPlayerName });
      }
      if (!/^[A-Z]{2}$/.test(value.lead_player_country_code)) {
        context.addIssue({ code: 'custom', path: ['lead_player_country_code'], message: M.leadCountry });
      }
    }
  })
  .transform((value) =>
    value.player_type === 'lead_player'
      ? { ...value, lead_player_name: value.surname, lead_player_country_code: value.country }
      : value,
  );

export type IndividualPlayerDetailsInput = z.input<typeof individualPlayerDetailsSchema>;
export type IndividualPlayerDetails = z.output<typeof individualPlayerDetailsSchema>;

/** The payment intent as the browser needs it to show the card form (spec section 3, booking.payment_intent). */
export const bookingPaymentIntentSchema = z.object({
  id: z.string(),
  client_secret: z.string().nullable(),
  amount: z.number().int(),
  status: z.string(),
  metadata: z.record(z.string(), z.string()),
});

export const saveContactDetailsResponseSchema = dataEnvelope(
  z.object({
    payment_intent: bookingPaymentIntentSchema,
    /** Set only where no card payment is due (never for individual bookings today). */
    confirmation_url: z.string().nullable(),
  }),
);
export type SaveContactDetailsResponse = z.infer<typeof saveContactDetailsResponseSchema>;

/** Spec section 3, payment record payload. */
export const recordPaymentBodySchema = z.object({
  booking_id: z.number({ error: 'The booking id is required' }).int().positive().max(2_147_483_647),
  payment_intent: z
    .string({ error: 'The payment intent is required' })
    .trim()
    .min(1, { error: 'The payment intent is required' })
    .max(255),
  newsletter: z.boolean().optional().default(false),
});
export type RecordPaymentBody = z.infer<typeof recordPaymentBodySchema>;

export const recordPaymentResponseSchema = dataEnvelope(z.object({ confirmation_url: z.string() }));
export type RecordPaymentResponse = z.infer<typeof recordPaymentResponseSchema>;
