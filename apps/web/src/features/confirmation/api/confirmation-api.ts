import type { Confirmation, PinAccessBody, UpdateCaddiesBody } from '@links/shared/schemas/confirmation';
import { CONFIRMATION_ERROR_CODES, CONFIRMATION_MESSAGES } from '@links/shared/schemas/confirmation-messages';
import { ApiError, api, fieldMessages, type MessageRule, NO_ANSWER, userMessage } from '@/lib/api-client';
import { type EarlyBooking, pageEarlyBooking, takeEarlyAnswer } from './early-booking';

/** The signed link's query (the e-mailed link): both parts or nothing. */
export type LinkSignature = { signature: string; expires: string };

/** Spec section 8, PIN form failure. */
export const PIN_ERROR_TITLE = 'There was an error with your booking request';
export const PIN_ERROR_FALLBACK =
  'An unexpected error occurred, please try again. If the problem persists, please contact us quoting ERR-045.';
/** Spec section 8, confirmation fetch failure. */
export const CONFIRMATION_FETCH_FAILED = 'An unexpected error has occurred. Please try again.';
/** Spec section 8, caddie update failure fallback. */
export const CADDIES_UPDATE_FALLBACK =
  'An unexpected error occurred. Please try again or contact support if this persists.';

function bookingPath(bookingNumber: string, tail: string): string {
  return `/bookings/${encodeURIComponent(bookingNumber)}/${tail}`;
}

/** Whether the booking read or asked for before the page's first render (early-booking.ts) is this booking and link. */
function isThisLink(
  early: EarlyBooking | null,
  bookingNumber: string,
  signature: LinkSignature | null,
): early is EarlyBooking {
  return (
    early !== null &&
    signature !== null &&
    early.number === bookingNumber &&
    early.signature === signature.signature &&
    early.expires === signature.expires
  );
}

/** That booking, already read, for the page's first render; null when there is none or it is not yet read. */
export function earlyConfirmation(
  early: EarlyBooking | null,
  bookingNumber: string,
  signature: LinkSignature | null,
): { data: Confirmation; at: number } | null {
  if (!isThisLink(early, bookingNumber, signature) || !early.data || early.at === undefined) return null;
  return { data: early.data, at: early.at };
}

/**
 * GET the booking: by the signed query when given, else on this browser session's access. A booking opened by its
 * e-mailed link was already asked for by the shell: its answer is taken when it is the booking; a refusal or a failure
 * is asked again through the client, which reads and words it as every other answer.
 */
export async function getConfirmation(
  bookingNumber: string,
  signature: LinkSignature | null,
  signal?: AbortSignal,
): Promise<Confirmation> {
  const early = isThisLink(pageEarlyBooking(), bookingNumber, signature) ? takeEarlyAnswer() : null;
  if (early) {
    const response = await early.catch(() => null);
    const body = response?.ok
      ? ((await response.json().catch(() => null)) as { data?: Confirmation } | null)
      : null;
    if (body?.data) return body.data;
  }
  return api.get<Confirmation>(bookingPath(bookingNumber, 'confirmation'), {
    ...(signature ? { query: { signature: signature.signature, expires: signature.expires } } : {}),
    ...(signal ? { signal } : {}),
  });
}

export const confirmationQueryKey = (bookingNumber: string) => ['confirmation', bookingNumber] as const;

/** PIN access: the booking number and PIN from the e-mail; answers the booking and opens it for this session. */
export function accessWithPin(body: PinAccessBody): Promise<Confirmation> {
  return api.post<Confirmation>(bookingPath(body.booking_id, 'confirmation'), body);
}

export function updateCaddies(body: UpdateCaddiesBody): Promise<Confirmation> {
  return api.patch<Confirmation>(bookingPath(body.booking_id, 'caddies'), body);
}

/** Why a confirmation could not be loaded, as the page words it (spec sections 4 and 8). */
export type LoadFailure = 'link_expired' | 'pin_required' | 'unknown_booking' | 'unexpected';

export function classifyLoadFailure(error: unknown, signed: boolean): LoadFailure {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return 'unexpected';
  if (error.code === CONFIRMATION_ERROR_CODES.linkExpired) return 'link_expired';
  if (error.code === CONFIRMATION_ERROR_CODES.accessRequired) return 'pin_required';
  // Spec section 4: any failed signed fetch reads as an expired link.
  if (signed && error.status === 403) return 'link_expired';
  return 'unknown_booking';
}

export const LOAD_FAILURE_MESSAGES: Record<LoadFailure, string | null> = {
  link_expired: CONFIRMATION_MESSAGES.linkExpired,
  pin_required: null,
  unknown_booking: CONFIRMATION_MESSAGES.unknownBooking,
  unexpected: CONFIRMATION_FETCH_FAILED,
};

/** Failures whose message is not the visitor's to read: no answer, or the server failing. */
export const CONFIRMATION_MESSAGE_RULE: MessageRule = {
  ignoreStatuses: [NO_ANSWER],
  ignoreServerErrors: true,
};

/** The banner and the per-field messages of a failed PIN attempt (spec section 8, ERR-045). */
export function pinErrorDetails(error: unknown): { message: string; fields: Record<string, string> } {
  const answered = error instanceof ApiError && error.status !== NO_ANSWER && error.status < 500;
  return {
    message: userMessage(error, PIN_ERROR_FALLBACK, CONFIRMATION_MESSAGE_RULE),
    fields: answered ? fieldMessages(error) : {},
  };
}
