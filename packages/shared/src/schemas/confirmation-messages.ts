import type { ApiErrorCode } from './envelope';

// The confirmation page's booking numbers, messages and error codes, without zod: the web's booking page shows them
// while its schemas (confirmation.ts, which re-exports this file) stay with the PIN form that validates with them,
// out of what a signed link loads before the booking appears.

/** Booking numbers are digits only, at most 24 of them (spec section 9). */
export const BOOKING_NUMBER_MAX_LENGTH = 24;
export const BOOKING_NUMBER_PATTERN = /^[0-9]{1,24}$/;

export const CONFIRMATION_MESSAGES = {
  /** Spec section 8: a signed link that is expired, tampered with or signed with another key. */
  linkExpired: 'Sorry, your booking link has expired.',
  /** Spec section 8: invalid booking id; also held and expired bookings, which have no confirmation. */
  unknownBooking: "We don't recognise this booking.",
  /** Spec section 8: caddie update success. */
  caddiesUpdated: 'Your caddies have been updated successfully',
  /** Spec section 8: caddie update failure heading (the server message follows it). */
  caddiesUpdateFailed: 'There was an error updating your caddies',
  /** The web shows the PIN form on this answer (403 access_required). */
  accessRequired: 'Please enter your booking number and PIN code to view this booking.',
  /** Wrong PIN and unknown booking number: one answer for both. */
  pinInvalid: 'The booking number or PIN code is not correct.',
  pinLockedOut: (minutes: number) =>
    `Too many incorrect PIN codes have been entered for this booking. Please try again in ${minutes} ${
      minutes === 1 ? 'minute' : 'minutes'
    }, or use the link in your confirmation e-mail.`,
  pinRateLimited: (minutes: number) =>
    `Too many attempts from your connection. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  bookingIdMismatch: 'The booking number does not match the address.',
  bookingNumberRequired: 'Please enter a your booking number',
  bookingNumberInvalid: `Your booking number is made of digits only, at most ${BOOKING_NUMBER_MAX_LENGTH} of them`,
  pinRequired: 'Please enter your pin code',
  pinTooLong: 'Your pin code is at most 24 characters',
  /** A tour operator's group (issue 24): its caddies are spread over its tee times, so the desk changes them. */
  groupCaddies: "A group's caddies are arranged by phone: please call our reservations team to change them.",
  caddiesLocked: (courseName: string) =>
    `Caddies for the ${courseName} can no longer be changed: the tee time is less than 24 hours away.`,
  caddiesOverGolfers: (courseName: string, golfers: number) =>
    `You can book at most ${golfers} ${golfers === 1 ? 'caddie' : 'caddies'} for the ${courseName}, one per golfer.`,
  unknownRound: (courseId: number) => `This booking has no round on course ${courseId}.`,
  caddiesCount: 'Caddies must be a whole number from 0 to 4',
  cancelled: 'This booking has been cancelled, so its caddies can no longer be changed.',
  played: 'This booking has been played, so its caddies can no longer be changed.',
} as const;

/** Error codes the confirmation routes answer (error.code of the error envelope). */
export const CONFIRMATION_ERROR_CODES = {
  /** 403: signed link expired, tampered with or foreign. Show the PIN form with linkExpired. */
  linkExpired: 'link_expired',
  /** 403: no signature and this session has no access. Show the PIN form. */
  accessRequired: 'access_required',
  /** 404: unknown booking number, or a booking that is not confirmed or cancelled. */
  bookingNotFound: 'booking_not_found',
  /** 422: wrong PIN or unknown booking number (one answer for both). */
  pinInvalid: 'pin_invalid',
  /** 429: too many wrong PINs for this booking (Retry-After header). */
  pinLocked: 'pin_locked',
  /** 429: too many PIN attempts from this address (Retry-After header). */
  rateLimited: 'rate_limited',
  /** 422: a caddie change on a round inside 24 hours, or over the round's golfers; nothing was changed. */
  caddiesLocked: 'caddies_locked',
  caddiesInvalid: 'caddies_invalid',
  /** 400: body failed validation (fields per path). */
  validationFailed: 'validation_failed',
} as const satisfies Record<string, ApiErrorCode>;
