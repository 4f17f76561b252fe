import { type CountryCode, isSupportedCountry, isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { meetsPasswordCriteria, PASSWORD_MAX_LENGTH, RESET_PASSWORD_MIN_LENGTH } from '../password-strength';
import { dataEnvelope } from './envelope';

// Tour-operator accounts: the request schemas the web forms and the API share (so both show the same section 5
// messages), and the response shapes of /v1/user, /v1/login and /v1/user/details.

export const LOGIN_MESSAGES = {
  username: 'Please enter a username address',
  password: 'Please enter your password',
} as const;

export const FORGOT_PASSWORD_MESSAGES = {
  username: 'Please enter a username',
} as const;

export const RESET_PASSWORD_MESSAGES = {
  password: 'Please enter a new password',
  criteria: 'Password does not meet all criteria',
  confirmation: 'Please confirm the new password',
  mismatch: 'Please make sure your passwords match',
  // The reset page reads these from its link; a person only sees them with a damaged link.
  token: 'The reset link is missing its token',
  username: 'The reset link is missing its username',
} as const;

export const UPDATE_PASSWORD_MESSAGES = {
  password: 'Please enter a new password',
  criteria: 'Password does not meet all criteria',
  /** Shown under the new password when the two differ. */
  mismatch: 'Please make sure your passwords match',
  confirmation: 'Please confirm the new password',
  /** Shown under the confirmation when the two differ. */
  confirmationMismatch: 'Passwords do not match',
} as const;

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

/** Section 8 texts for a reset link that is unknown, used, expired or superseded by a password change. */
export const RESET_LINK_MESSAGES = {
  heading: 'Your link has expired',
  message: 'Sorry, the link you used has expired or is invalid. Please request a new password reset',
} as const;

export const USERNAME_MAX_LENGTH = 64;
/** What the CLI accepts for a new username: letters, digits and . _ @ - (so it is safe in a reset link). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;

function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: ACCOUNT_DETAILS_MESSAGES.tooLong });
}

function optionalText(max: number) {
  return z
    .string({ error: ACCOUNT_DETAILS_MESSAGES.tooLong })
    .trim()
    .max(max, { error: ACCOUNT_DETAILS_MESSAGES.tooLong })
    .default('');
}

/** A password as typed: never trimmed (spaces are characters), bounded so refusing it stays cheap. */
function passwordField(required: string, criteria: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .max(PASSWORD_MAX_LENGTH, { error: criteria })
    .refine((value) => meetsPasswordCriteria(value, RESET_PASSWORD_MIN_LENGTH), { error: criteria });
}

function confirmationField(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .max(PASSWORD_MAX_LENGTH, { error: required });
}

type PasswordPair = { password?: unknown; password_confirmation?: unknown };

/** The match check runs whenever both fields are text, even when another field has its own problem. */
function bothPasswordsGiven(payload: { value: unknown }): boolean {
  const value = payload.value as PasswordPair | undefined;
  return typeof value?.password === 'string' && typeof value.password_confirmation === 'string';
}

export const loginRequestSchema = z.object({
  username: z
    .string({ error: LOGIN_MESSAGES.username })
    .trim()
    .min(1, { error: LOGIN_MESSAGES.username })
    .max(USERNAME_MAX_LENGTH * 4, { error: LOGIN_MESSAGES.username }),
  password: z
    .string({ error: LOGIN_MESSAGES.password })
    .min(1, { error: LOGIN_MESSAGES.password })
    .max(PASSWORD_MAX_LENGTH, { error: LOGIN_MESSAGES.password }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  username: z
    .string({ error: FORGOT_PASSWORD_MESSAGES.username })
    .trim()
    .min(1, { error: FORGOT_PASSWORD_MESSAGES.username })
    .max(USERNAME_MAX_LENGTH * 4, { error: FORGOT_PASSWORD_MESSAGES.username }),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const resetLinkFields = {
  username: z
    .string({ error: RESET_PASSWORD_MESSAGES.username })
    .trim()
    .min(1, { error: RESET_PASSWORD_MESSAGES.username })
    .max(USERNAME_MAX_LENGTH * 4, { error: RESET_PASSWORD_MESSAGES.username }),
  token: z
    .string({ error: RESET_PASSWORD_MESSAGES.token })
    .trim()
    .min(1, { error: RESET_PASSWORD_MESSAGES.token })
    .max(200, { error: RESET_PASSWORD_MESSAGES.token }),
};

export const validateTokenRequestSchema = z.object(resetLinkFields);
export type ValidateTokenRequest = z.infer<typeof validateTokenRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    ...resetLinkFields,
    password: passwordField(RESET_PASSWORD_MESSAGES.password, RESET_PASSWORD_MESSAGES.criteria),
    password_confirmation: confirmationField(RESET_PASSWORD_MESSAGES.confirmation),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    error: RESET_PASSWORD_MESSAGES.mismatch,
    when: bothPasswordsGiven,
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const updatePasswordRequestSchema = z
  .object({
    password: passwordField(UPDATE_PASSWORD_MESSAGES.password, UPDATE_PASSWORD_MESSAGES.criteria),
    password_confirmation: confirmationField(UPDATE_PASSWORD_MESSAGES.confirmation),
  })
  .superRefine((value, context) => {
    if (value.password === value.password_confirmation) return;
    // The spec gives each field its own wording for the same mismatch.
    context.addIssue({ code: 'custom', path: ['password'], message: UPDATE_PASSWORD_MESSAGES.mismatch });
    context.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: UPDATE_PASSWORD_MESSAGES.confirmationMismatch,
    });
  });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/** ISO 3166-1 alpha-2, upper case (the country pickers' values). */
function countryCodeField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: message });
}

export const updateOperatorDetailsRequestSchema = z
  .object({
    title: optionalText(20),
    email_address: requiredText(ACCOUNT_DETAILS_MESSAGES.email, 254).pipe(
      z.email({ error: ACCOUNT_DETAILS_MESSAGES.emailInvalid }),
    ),
    /** The country the telephone number belongs to; the address country when omitted. */
    telephone_country_code: countryCodeField(ACCOUNT_DETAILS_MESSAGES.telephoneInvalid).optional(),
    // 250 characters is the spec's bound on phone input text.
    telephone_number: requiredText(ACCOUNT_DETAILS_MESSAGES.telephone, 250),
    /** [line one, optional line two]. */
    address_lines: z
      .tuple([requiredText(ACCOUNT_DETAILS_MESSAGES.addressLine1, 200)], optionalText(200))
      .refine((lines) => lines.length <= 2, { error: ACCOUNT_DETAILS_MESSAGES.tooLong }),
    city: requiredText(ACCOUNT_DETAILS_MESSAGES.city, 100),
    county: optionalText(100),
    post_code: requiredText(ACCOUNT_DETAILS_MESSAGES.postCode, 20),
    country_code: countryCodeField(ACCOUNT_DETAILS_MESSAGES.country),
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

export const OPERATOR_STATUSES = ['active', 'disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** GET /v1/user and POST /v1/login: the signed-in operator. `ID` is the spec's spelling; `id` is the same value. */
export const operatorSessionSchema = z.object({
  id: z.number().int().positive(),
  ID: z.number().int().positive(),
  company_name: z.string(),
  status: z.enum(OPERATOR_STATUSES),
  /** Deposit percentage of the payable amount, 0 to 100. */
  deposit_amount: z.number().int().min(0).max(100),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;
/** GET /v1/user: the signed-in operator, or null when signed out. */
export const userResponseSchema = dataEnvelope(operatorSessionSchema.nullable());
/** POST /v1/login. */
export const loginResponseSchema = dataEnvelope(operatorSessionSchema);

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
});
export type OperatorDetails = z.infer<typeof operatorDetailsSchema>;
export const operatorDetailsResponseSchema = dataEnvelope(operatorDetailsSchema);

export const operatorIdParamsSchema = z.object({
  id: z
    .string({ error: 'The operator id must be a positive whole number' })
    .regex(/^[1-9]\d{0,9}$/, { error: 'The operator id must be a positive whole number' })
    .transform(Number),
});
