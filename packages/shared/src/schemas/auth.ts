import { z } from 'zod';
import { meetsPasswordCriteria, PASSWORD_MAX_LENGTH, RESET_PASSWORD_MIN_LENGTH } from '../password-strength';
import { dataEnvelope } from './envelope';

// Tour-operator sign-in: the request schemas the web forms and the API share (so both show the same section 5
// messages), and the response shape of /v1/user and /v1/login. An operator's account details are in
// operator-account.ts: their telephone check needs libphonenumber, which the sign-in and reset pages do not.

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
  /** Issue 24: a session left open on a shared computer must not be enough to take the account over. */
  currentPassword: 'Please enter your current password',
  currentPasswordIncorrect: 'The current password you entered is incorrect.',
  password: 'Please enter a new password',
  criteria: 'Password does not meet all criteria',
  /** Shown under the new password when the two differ. */
  mismatch: 'Please make sure your passwords match',
  confirmation: 'Please confirm the new password',
  /** Shown under the confirmation when the two differ. */
  confirmationMismatch: 'Passwords do not match',
} as const;

/** Section 8 texts for a reset link that is unknown, used, expired or superseded by a password change. */
export const RESET_LINK_MESSAGES = {
  heading: 'Your link has expired',
  message: 'Sorry, the link you used has expired or is invalid. Please request a new password reset',
} as const;

export const USERNAME_MAX_LENGTH = 64;
/** What the CLI accepts for a new username: letters, digits and . _ @ - (so it is safe in a reset link). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;

/** A password as typed: never trimmed (spaces are characters), bounded so refusing it stays cheap. */
function passwordField(required: string, criteria: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .max(PASSWORD_MAX_LENGTH, { error: criteria })
    .refine((value) => meetsPasswordCriteria(value, RESET_PASSWORD_MIN_LENGTH), { error: criteria });
}

/** A password typed to be checked (to sign in, or to confirm another): any text but none, up to the length bound. */
export function enteredPassword(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .max(PASSWORD_MAX_LENGTH, { error: required });
}

/** A username typed to sign in or to find an account: trimmed, required; generously bounded, as a wrong one is refused. */
export function enteredUsername(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(USERNAME_MAX_LENGTH * 4, { error: required });
}

type PasswordPair = { password?: unknown; password_confirmation?: unknown };

/** The match check runs whenever both fields are text, even when another field has its own problem. */
function bothPasswordsGiven(payload: { value: unknown }): boolean {
  const value = payload.value as PasswordPair | undefined;
  return typeof value?.password === 'string' && typeof value.password_confirmation === 'string';
}

export const loginRequestSchema = z.object({
  username: enteredUsername(LOGIN_MESSAGES.username),
  password: enteredPassword(LOGIN_MESSAGES.password),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  username: enteredUsername(FORGOT_PASSWORD_MESSAGES.username),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const resetLinkFields = {
  username: enteredUsername(RESET_PASSWORD_MESSAGES.username),
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
    password_confirmation: enteredPassword(RESET_PASSWORD_MESSAGES.confirmation),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    error: RESET_PASSWORD_MESSAGES.mismatch,
    when: bothPasswordsGiven,
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const updatePasswordRequestSchema = z
  .object({
    current_password: z
      .string({ error: UPDATE_PASSWORD_MESSAGES.currentPassword })
      .min(1, { error: UPDATE_PASSWORD_MESSAGES.currentPassword })
      .max(PASSWORD_MAX_LENGTH, { error: UPDATE_PASSWORD_MESSAGES.currentPasswordIncorrect }),
    password: passwordField(UPDATE_PASSWORD_MESSAGES.password, UPDATE_PASSWORD_MESSAGES.criteria),
    password_confirmation: enteredPassword(UPDATE_PASSWORD_MESSAGES.confirmation),
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
  /**
   * The password was set by the resort and must be replaced before booking (issue 24): the web sends the operator to
   * their account page, and the booking routes refuse with `password_change_required` until then.
   */
  password_change_required: z.boolean(),
  /** The trade rate: percent off green fees and combinations, already in every price the operator is shown. */
  trade_discount_percent: z.number().int().min(0).max(50),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;
/** GET /v1/user: the signed-in operator, or null when signed out. */
export const userResponseSchema = dataEnvelope(operatorSessionSchema.nullable());
/** POST /v1/login. */
export const loginResponseSchema = dataEnvelope(operatorSessionSchema);

export const operatorIdParamsSchema = z.object({
  id: z
    .string({ error: 'The operator id must be a positive whole number' })
    .regex(/^[1-9]\d{0,9}$/, { error: 'The operator id must be a positive whole number' })
    .transform(Number),
});
