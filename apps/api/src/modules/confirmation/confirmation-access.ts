import {
  CONFIRMATION_ERROR_CODES as CODES,
  CONFIRMATION_MESSAGES as M,
} from '@links/shared/schemas/confirmation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/app-error.ts';
import { clientAddressKey, clientNetworkKey } from '../../lib/rate-limit/client-key.ts';
import {
  clearRateLimit,
  type LimitedKey,
  type RateLimitRule,
  refundAttempt,
  refuse,
  takeAttempt,
} from '../../lib/rate-limit/rate-limiter.ts';
import { sessionKey } from '../../lib/session-token.ts';
import { findSignedInOperator } from '../auth/operator-sessions.ts';
import { verifyBookingPin } from './booking-pin.ts';
import {
  type AccessBooking,
  findBookingByNumber,
  grantSessionAccess,
  sessionHasAccess,
} from './confirmation.repository.ts';
import { verifyConfirmationSignature } from './confirmation-link.ts';

/** What this use case needs of the app (any object with these members: the app, or a test's own). */
export type ConfirmationAccessDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db'>;

// Who may open a booking: the holder of a valid signed link (the e-mail), the browser session that made the
// booking, a session that unlocked it by signed link or PIN within the last day, and the tour operator signed in
// for whom it was made (their My Bookings opens each). Only confirmed bookings (and
// cancelled ones, shown as cancelled) have a confirmation; a held or expired booking is "not recognised".

/** PIN attempts per booking number before it locks: counted whatever the number, so unknown ones lock alike. */
export const PIN_BOOKING_RULE: RateLimitRule = { bucket: 'pin-access-booking', max: 5, windowSeconds: 900 };
/**
 * Wrong PINs per client address and per network across all booking numbers. Only failures count (a right PIN gives
 * its attempt back), so golfers sharing a hotel's or a carrier's address are not refused because of each other.
 */
export const PIN_ADDRESS_RULE: RateLimitRule = {
  bucket: 'pin-failures-address',
  max: 20,
  windowSeconds: 900,
};
export const PIN_NETWORK_RULE: RateLimitRule = {
  bucket: 'pin-failures-network',
  max: 60,
  windowSeconds: 900,
};

/**
 * Compared against when the booking is unknown or has no PIN, so both paths do the same HMAC work and answer
 * alike. Well formed but matching nothing: HMAC output is never all zeros in practice.
 */
const NO_PIN_HASH = `v1:${'0'.repeat(64)}`;

export const linkExpired = () => forbidden(M.linkExpired, CODES.linkExpired);
export const accessRequired = () => forbidden(M.accessRequired, CODES.accessRequired);
export const bookingNotFound = () => notFound(M.unknownBooking, CODES.bookingNotFound);
const pinInvalid = () => new AppError(CODES.pinInvalid, 422, M.pinInvalid, { pin: M.pinInvalid });

export function isViewable(booking: Pick<AccessBooking, 'status'>): boolean {
  return booking.status === 'confirmed' || booking.status === 'cancelled';
}

function minutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** Makes sure the browser has a session to hold an access grant, starting one if it has none. */
function ensureSession(request: FastifyRequest, reply: FastifyReply): string {
  return request.sessionId ?? reply.issueSession();
}

export type AccessQuery = { signature?: string | undefined; expires?: string | undefined };

/**
 * The booking for a signed fetch (signature and expires in the query) or else a session fetch. A signature is
 * checked before the database is read, so an unknown booking number answers exactly as a bad signature does.
 * With `grant`, a valid signature also unlocks the booking for this browser session.
 */
export async function bookingForRequest(
  deps: ConfirmationAccessDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  bookingNumber: string,
  query: AccessQuery,
  options: { grant: boolean },
): Promise<AccessBooking> {
  if (query.signature !== undefined || query.expires !== undefined) {
    const check = verifyConfirmationSignature({
      secret: deps.config.linkSigningSecret,
      bookingNumber,
      signature: query.signature,
      expires: query.expires,
      now: deps.clock.now(),
    });
    if (!check.valid) throw linkExpired();
    const booking = await findBookingByNumber(deps.db, bookingNumber);
    if (!booking || !isViewable(booking)) throw bookingNotFound();
    if (options.grant) {
      await grantSessionAccess(deps.db, booking.id, sessionKey(ensureSession(request, reply)));
    }
    return booking;
  }
  return bookingForSession(deps, request, bookingNumber);
}

async function sessionMayOpen(
  deps: ConfirmationAccessDeps,
  sessionId: string,
  booking: AccessBooking,
): Promise<boolean> {
  if (await sessionHasAccess(deps.db, booking, sessionKey(sessionId))) return true;
  if (booking.operatorId === null) return false;
  const signedIn = await findSignedInOperator(deps.db, sessionId, deps.clock.now());
  return signedIn?.operator.id === booking.operatorId;
}

/** The booking when this session made or unlocked it; 403 access_required otherwise, known number or not. */
export async function bookingForSession(
  deps: ConfirmationAccessDeps,
  request: FastifyRequest,
  bookingNumber: string,
): Promise<AccessBooking> {
  if (!request.sessionId) throw accessRequired();
  const booking = await findBookingByNumber(deps.db, bookingNumber);
  if (!booking || !(await sessionMayOpen(deps, request.sessionId, booking))) throw accessRequired();
  if (!isViewable(booking)) throw bookingNotFound();
  return booking;
}

/**
 * PIN access: the same 422 for a wrong PIN and an unknown (or unconfirmed) booking number, after the same HMAC
 * comparison. The attempt is taken under the booking number's rule and the address's and network's BEFORE the PIN is
 * compared, so parallel guesses on any number of instances evaluate at most five PINs per booking number in any 15
 * minutes (then 429 pin_locked, the right PIN included). A right PIN clears the booking number's count, gives the
 * address and network their attempt back and unlocks the booking for this session. The body names the booking
 * again: it must be the one in the address.
 */
export async function unlockWithPin(
  deps: ConfirmationAccessDeps,
  request: FastifyRequest & { params: { bookingNumber: string }; body: { booking_id: string; pin: string } },
  reply: FastifyReply,
): Promise<AccessBooking> {
  const { bookingNumber } = request.params;
  const { booking_id, pin } = request.body;
  sameBooking(booking_id, bookingNumber);
  const { sessionSecret } = deps.config;
  const client: LimitedKey[] = [
    { rule: PIN_ADDRESS_RULE, key: clientAddressKey(sessionSecret, request.ip) },
    { rule: PIN_NETWORK_RULE, key: clientNetworkKey(sessionSecret, request.ip) },
  ];
  const attempt = await takeAttempt(deps.db, [{ rule: PIN_BOOKING_RULE, key: bookingNumber }, ...client]);
  if (!attempt.allowed) {
    const wait = minutes(attempt.retryAfterSeconds);
    if (attempt.refusedBuckets.includes(PIN_BOOKING_RULE.bucket)) {
      throw refuse(reply, attempt, CODES.pinLocked, M.pinLockedOut(wait));
    }
    throw refuse(reply, attempt, CODES.rateLimited, M.pinRateLimited(wait));
  }

  const booking = await findBookingByNumber(deps.db, bookingNumber);
  const usable = booking !== undefined && isViewable(booking) && booking.pinHash !== null;
  const matches = verifyBookingPin(
    deps.config.linkSigningSecret,
    booking?.id ?? 0,
    pin,
    usable ? booking.pinHash : NO_PIN_HASH,
  );
  if (!usable || !matches) throw pinInvalid();
  await clearRateLimit(deps.db, PIN_BOOKING_RULE, bookingNumber);
  await refundAttempt(deps.db, attempt, client);
  await grantSessionAccess(deps.db, booking.id, sessionKey(ensureSession(request, reply)));
  return booking;
}

/** A write names its booking in the body again: it must be the one in the address. */
export function sameBooking(bodyNumber: string, pathNumber: string): void {
  if (bodyNumber !== pathNumber)
    throw validationFailed({ booking_id: M.bookingIdMismatch }, M.bookingIdMismatch);
}

/** The booking a write by a session with access changes, once the body's booking number matches the address's. */
export async function bookingToChange(
  deps: ConfirmationAccessDeps,
  request: FastifyRequest & { params: { bookingNumber: string }; body: { booking_id: string } },
): Promise<AccessBooking> {
  const { bookingNumber } = request.params;
  sameBooking(request.body.booking_id, bookingNumber);
  return bookingForSession(deps, request, bookingNumber);
}
