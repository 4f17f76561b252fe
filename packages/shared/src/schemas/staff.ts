import { z } from 'zod';
import { meetsPasswordCriteria, PASSWORD_MAX_LENGTH } from '../password-strength';
import { enteredPassword, enteredUsername, USERNAME_PATTERN } from './auth';
import { emailAddressSchema, requiredTextSchema } from './common';
import { dataEnvelope } from './envelope';

// The resort's staff area (issue 22): the request and answer shapes of /v1/staff, shared by the staff pages' forms
// and the API, so both show the same messages.

export const STAFF_ROLES = ['admin', 'reservations', 'starter'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Please choose a role' });
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const STAFF_STATUSES = ['active', 'disabled'] as const;
export const staffStatusSchema = z.enum(STAFF_STATUSES, { error: 'Please choose active or disabled' });

/** Staff passwords open more than an operator's: two characters longer than the reset minimum. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export const STAFF_MESSAGES = {
  username: 'Please enter your username',
  usernameInvalid: 'The username must be 3 to 64 letters, digits or . _ @ - characters',
  password: 'Please enter your password',
  code: 'Please enter the 6-digit code from your authenticator app',
  name: 'Please enter a name',
  email: 'Please enter a valid email address',
  newPassword: 'Please enter a new password',
  criteria: `The password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters with upper and lower case letters, a digit and a symbol`,
  confirmation: 'Please confirm the new password',
  mismatch: 'Please make sure your passwords match',
  tooLong: 'This is too long',
} as const;

export const staffSignInRequestSchema = z.object({
  username: enteredUsername(STAFF_MESSAGES.username),
  password: enteredPassword(STAFF_MESSAGES.password),
});
export type StaffSignInRequest = z.infer<typeof staffSignInRequestSchema>;

/** The answer to a right password: a code is next, or (no confirmed factor yet) enrolment and then a code. */
export const staffSignInAnswerSchema = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('code') }),
  z.object({
    stage: z.literal('enrol'),
    /** Base32, for typing into an authenticator app. */
    secret: z.string(),
    otpauth_uri: z.string(),
    /** The same URI as an SVG QR code. */
    qr_svg: z.string(),
  }),
]);
export type StaffSignInAnswer = z.infer<typeof staffSignInAnswerSchema>;
export const staffSignInResponseSchema = dataEnvelope(staffSignInAnswerSchema);

export const staffCodeRequestSchema = z.object({
  code: z
    .string({ error: STAFF_MESSAGES.code })
    .trim()
    .regex(/^\d{6}$/, { error: STAFF_MESSAGES.code }),
});
export type StaffCodeRequest = z.infer<typeof staffCodeRequestSchema>;

export const staffUserSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: staffStatusSchema,
  /** Whether the second factor is enrolled (the secret itself never leaves the server after enrolment). */
  factor_enrolled: z.boolean(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserResponseSchema = dataEnvelope(staffUserSchema);
export const staffUsersResponseSchema = dataEnvelope(z.array(staffUserSchema));

function newPasswordField() {
  return z
    .string({ error: STAFF_MESSAGES.newPassword })
    .min(1, { error: STAFF_MESSAGES.newPassword })
    .max(PASSWORD_MAX_LENGTH, { error: STAFF_MESSAGES.criteria })
    .refine((value) => meetsPasswordCriteria(value, STAFF_PASSWORD_MIN_LENGTH), {
      error: STAFF_MESSAGES.criteria,
    });
}

export const staffPasswordChangeRequestSchema = z
  .object({
    current_password: enteredPassword(STAFF_MESSAGES.password),
    password: newPasswordField(),
    password_confirmation: enteredPassword(STAFF_MESSAGES.confirmation),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    error: STAFF_MESSAGES.mismatch,
  });
export type StaffPasswordChangeRequest = z.infer<typeof staffPasswordChangeRequestSchema>;

export const createStaffUserRequestSchema = z.object({
  username: z
    .string({ error: STAFF_MESSAGES.usernameInvalid })
    .trim()
    .regex(USERNAME_PATTERN, { error: STAFF_MESSAGES.usernameInvalid }),
  name: requiredTextSchema(200, STAFF_MESSAGES.name, STAFF_MESSAGES.tooLong),
  email: emailAddressSchema(STAFF_MESSAGES.email, STAFF_MESSAGES.tooLong),
  role: staffRoleSchema,
  /** Omitted: the server generates one and answers it once. */
  password: newPasswordField().optional(),
});
export type CreateStaffUserRequest = z.infer<typeof createStaffUserRequestSchema>;

export const createStaffUserAnswerSchema = z.object({
  user: staffUserSchema,
  /** Only when the server generated the password: shown once, to be handed over and changed. */
  one_time_password: z.string().optional(),
});
export type CreateStaffUserAnswer = z.infer<typeof createStaffUserAnswerSchema>;
export const createStaffUserResponseSchema = dataEnvelope(createStaffUserAnswerSchema);

export const updateStaffUserRequestSchema = z
  .object({ role: staffRoleSchema.optional(), status: staffStatusSchema.optional() })
  .refine((value) => value.role !== undefined || value.status !== undefined, {
    path: ['_'],
    error: 'Please give a role or a status',
  });
export type UpdateStaffUserRequest = z.infer<typeof updateStaffUserRequestSchema>;

export const staffUserIdParamsSchema = z.object({
  id: z
    .string({ error: 'The staff user id must be a positive whole number' })
    .regex(/^[1-9]\d{0,9}$/, { error: 'The staff user id must be a positive whole number' })
    .transform(Number),
});

/** Every action the staff audit log records; the log is filtered by one of them. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'factor_enrolled',
  'password_changed',
  'staff_user.created',
  'staff_user.role_changed',
  'staff_user.disabled',
  'staff_user.enabled',
  'staff_user.factor_reset',
  'golfer.checked_in',
  'block.created',
  'block.removed',
  'booking.payment_recorded',
  'booking.due_date_changed',
  'booking.payment_link_sent',
  'booking.names_changed',
  'booking.cancelled',
  'booking.round_moved',
  'booking.caddies_changed',
  'booking.contact_changed',
  'booking.changed',
  'booking.created',
  'mail.retried',
  'maintenance.switched',
  'operator.created',
  'operator.deposit_changed',
  'operator.disabled',
  'operator.enabled',
  'operator.password_link_sent',
  'operator.trade_rate_changed',
  'price.green_fee_changed',
  'season.created',
  'course.closing_date_changed',
  'course.tee_windows_changed',
  'caddie_range.created',
  'price.caddie_fee_changed',
  'price.package_changed',
  'package.created',
  'package.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** ISO 8601 instant with an offset, as the audit filter takes it. */
const instantField = z.iso.datetime({ offset: true, error: 'Please give a date and time (ISO 8601)' });

export const staffAuditQuerySchema = z.object({
  staff_user_id: z.coerce.number().int().positive().optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Please choose an action from the list' }).optional(),
  /** From this instant (inclusive). */
  from: instantField.optional(),
  /** Before this instant (exclusive). */
  to: instantField.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type StaffAuditQuery = z.infer<typeof staffAuditQuerySchema>;

export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_user_id: z.number().int().nullable(),
  /** The staff member's name, for an entry a staff member made. */
  staff_name: z.string().nullable(),
  /** Who acted, by kind: a staff member ('staff'), the command line, a golfer, a tour operator or an unknown sign-in. */
  actor: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

export const staffAuditPageSchema = z.object({
  entries: z.array(staffAuditEntrySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type StaffAuditPage = z.infer<typeof staffAuditPageSchema>;
export const staffAuditResponseSchema = dataEnvelope(staffAuditPageSchema);
