import { type CountryCode, isSupportedCountry, isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { countryCodeSchema, requiredTextSchema } from './common';
import { dataEnvelope } from './envelope';

// A tour operator's account details (spec section 5, manage account): the request schema the web form and the API
// share, and the shape of /v1/user/details. Apart from the sign-in schemas (auth.ts), so the pages that only sign in
// or reset a password do not load libphonenumber's metadata.

export const ACCOUNT_DETAILS_MESSAGES = {
  email: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  telephone: 'Please enter a telephone number',
  telephoneInvalid: 'Please enter a valid telephone number',
  addressLine1: 'Please enter an address',
  city: 'Please enter a city',
  postCode: 'Please enter a postcode',
  country: 'Please enter a country',
  tooLong: 'This is too long',
} as const;

function requiredText(message: string, max: number) {
  return requiredTextSchema(max, message, ACCOUNT_DETAILS_MESSAGES.tooLong);
}

function optionalText(max: number) {
  return z
    .string({ error: ACCOUNT_DETAILS_MESSAGES.tooLong })
    .trim()
    .max(max, { error: ACCOUNT_DETAILS_MESSAGES.tooLong })
    .default('');
}

export const updateOperatorDetailsRequestSchema = z
  .object({
    title: optionalText(20),
    email_address: requiredText(ACCOUNT_DETAILS_MESSAGES.email, 254).pipe(
      z.email({ error: ACCOUNT_DETAILS_MESSAGES.emailInvalid }),
    ),
    /** The country the telephone number belongs to; the address country when omitted. */
    telephone_country_code: countryCodeSchema(ACCOUNT_DETAILS_MESSAGES.telephoneInvalid).optional(),
    // 250 characters is the spec's bound on phone input text.
    telephone_number: requiredText(ACCOUNT_DETAILS_MESSAGES.telephone, 250),
    /** [line one, optional line two]. */
    address_lines: z
      .tuple([requiredText(ACCOUNT_DETAILS_MESSAGES.addressLine1, 200)], optionalText(200))
      .refine((lines) => lines.length <= 2, { error: ACCOUNT_DETAILS_MESSAGES.tooLong }),
    city: requiredText(ACCOUNT_DETAILS_MESSAGES.city, 100),
    county: optionalText(100),
    post_code: requiredText(ACCOUNT_DETAILS_MESSAGES.postCode, 20),
    country_code: countryCodeSchema(ACCOUNT_DETAILS_MESSAGES.country),
  })
  .refine(
    (value) => {
      const country = value.telephone_country_code ?? value.country_code;
      return (
        isSupportedCountry(country) && isValidPhoneNumber(value.telephone_number, country as CountryCode)
      );
    },
    {
      path: ['telephone_number'],
      error: ACCOUNT_DETAILS_MESSAGES.telephoneInvalid,
      // Checked as soon as the number and a country are usable, whatever else is wrong with the form.
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | undefined;
        const number = value?.telephone_number;
        const country = value?.telephone_country_code ?? value?.country_code;
        return (
          typeof number === 'string' &&
          number.trim() !== '' &&
          typeof country === 'string' &&
          /^[A-Za-z]{2}$/.test(country.trim())
        );
      },
    },
  );
export type UpdateOperatorDetailsRequest = z.input<typeof updateOperatorDetailsRequestSchema>;
export type UpdateOperatorDetails = z.output<typeof updateOperatorDetailsRequestSchema>;

/** GET /v1/user/details and the answer of POST /v1/user/details. Missing values are empty strings. */
export const operatorDetailsSchema = z.object({
  company_name: z.string(),
  title: z.string(),
  email_address: z.string(),
  telephone_country_code: z.string(),
  telephone_number: z.string(),
  fax_number: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  county: z.string(),
  post_code: z.string(),
  country_code: z.string(),
  /**
   * Who is signed in (issue 24): the company's own account is its administrator, who keeps these details and invites
   * colleagues; a colleague reads them and changes only their own password.
   */
  signed_in_as: z.object({
    name: z.string(),
    username: z.string(),
    email_address: z.string(),
    administrator: z.boolean(),
  }),
});
export type OperatorDetails = z.infer<typeof operatorDetailsSchema>;
export const operatorDetailsResponseSchema = dataEnvelope(operatorDetailsSchema);
