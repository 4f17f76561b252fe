import { z } from 'zod';

/** Every successful `/v1` answer: `{ data: ... }`. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** An answer with nothing to say but that it succeeded: `{ data: {} }` (sign-out, password reset, /csrf). */
export const emptyResponseSchema = dataEnvelope(z.object({}));

/** What a `{ data }` answer carries: `DataOf<typeof coursesResponseSchema>` is the courses array. */
export type DataOf<T extends z.ZodType> = z.output<T> extends { data: infer D } ? D : never;

/**
 * Every `code` a `/v1` error answer can carry: the API can only throw these (AppError takes this type), and the web
 * can only branch on these. Grouped by where they arise.
 */
export const API_ERROR_CODES = [
  // the request itself (guard, parser, schema validation)
  'bad_request',
  'validation_failed',
  'invalid_json',
  'invalid_text',
  'payload_too_large',
  'unsupported_media_type',
  'api_key_invalid',
  'requested_with_missing',
  'csrf_invalid',
  'challenge_required',
  'challenge_invalid',
  'rate_limited',
  'not_found',
  'unauthorized',
  'forbidden',
  'conflict',
  'maintenance',
  'internal_error',
  // sign-in, sessions and accounts
  'invalid_credentials',
  'login_throttled',
  'account_disabled',
  'password_change_required',
  'current_password_incorrect',
  'session_required',
  'sign_in_expired',
  'reset_link_invalid',
  'admin_token_invalid',
  'operator_only',
  'operator_not_found',
  'operator_disabled',
  'administrator_only',
  'colleague_not_found',
  'colleague_limit_reached',
  'tee_window_clash',
  'package_not_found',
  'staff_unauthorized',
  'staff_role_forbidden',
  'staff_user_not_found',
  'round_not_found',
  'check_in_not_allowed',
  'block_has_bookings',
  'block_exists',
  'block_not_found',
  'money_change_not_allowed',
  /** 422: a due payment that cannot be opened (too much, too little, played, not confirmed); nothing_due: none due. */
  'due_payment_not_allowed',
  'nothing_due',
  /** 422: golfers' names after their deadline (names_locked), or on a booking that takes none (names_not_allowed). */
  'names_locked',
  'names_not_allowed',
  /** 409: a paid due payment could no longer be used and was refunded in full. */
  'due_payment_refunded',
  'move_not_allowed',
  'change_not_allowed',
  'mail_not_found',
  'mail_not_failed',
  'maintenance_forced',
  'contact_change_not_allowed',
  'staff_sign_in_failed',
  'username_taken',
  'last_admin',
  // reference data and pricing
  'course_not_found',
  'unknown_course',
  'unknown_player_type',
  'player_type_not_offered',
  'no_green_fee',
  'season_conflict',
  'caddie_range_not_found',
  'invalid_pricing_request',
  'date_not_bookable',
  'month_out_of_range',
  // holds and bookings
  'unknown_tee_time',
  'tee_time_unavailable',
  'slot_full',
  'group_tee_times_unavailable',
  'time_conflict',
  'too_many_holds',
  'championship_min_golfers',
  'booking_not_found',
  'booking_expired',
  'booking_cancelled',
  'booking_confirmed',
  'link_expired',
  'access_required',
  'pin_invalid',
  'pin_locked',
  'caddies_invalid',
  'caddies_locked',
  'caddies_not_available',
  // payments
  'nothing_to_pay',
  'card_declined',
  'amount_too_small',
  'payment_method_unavailable',
  'payment_provider_unavailable',
  'payment_intent_not_found',
  'payment_intent_unexpected_state',
  'payment_not_succeeded',
  'payment_not_refundable',
  'payment_mismatch',
  'payment_amount_mismatch',
  'places_taken_refunded',
  'charge_already_refunded',
  'refund_amount_invalid',
  'idempotency_key_in_use',
  'webhook_in_progress',
  'webhook_not_configured',
  'webhook_event_invalid',
  'webhook_signature_invalid',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Every failed `/v1` answer: a person-readable message, a stable code, and per-field messages when known. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    /** The first message per field, keyed by the dotted path of the field ('golfers.1.id'; '_' for the whole body). */
    fields: z.record(z.string(), z.string()).optional(),
    /** The main field at fault (spec section 7: "a message and an optional param"). */
    param: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type ApiErrorBody = ErrorEnvelope['error'];
