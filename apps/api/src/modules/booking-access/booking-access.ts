import {
  CONFIRMATION_ERROR_CODES as CODES,
  CONFIRMATION_MESSAGES as M,
} from '@links/shared/schemas/confirmation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { clientAddressKey } from '../../lib/rate-limit/client-key.ts';
import {
  clearRateLimit,
  hitRateLimit,
  type RateLimitRule,
  rateLimitLockedForSeconds,
} from '../../lib/rate-limit/rate-limiter.ts';
import { sessionKey } from '../../lib/session-token.ts';
import { verifyBookingPin } from '../confirmations/booking-pin.ts';
import { verifyConfirmationSignature } from '../confirmations/confirmation-link.ts';
import { routeNow } from '../courses/clock.ts';
import {
  type AccessBooking,
  findBookingByNumber,
  grantSessionAccess,
  sessionHasAccess,
} from './booking-access.repository.ts';

// Who may open a booking: the holder of a valid signed link (the e-mail), the browser session that made the
// booking, and a session that unlocked it by signed link or PIN within the last day. Only confirmed bookings (and
// cancelled ones, shown as cancelled) have a confirmation; a held or expired booking is "not recognised".

/** Wrong PINs per booking number before it locks: counted whatever the number, so unknown ones lock alike. */
export const PIN_BOOKING_RULE: RateLimitRule = { bucket: 'pin-access-booking', max: 5, windowSeconds: 900 };
/** PIN attempts per client address, right or wrong, across all booking numbers. */
export const PIN_ADDRESS_RULE: RateLimitRule = { bucket: 'pin-access-address', max: 20, windowSeconds: 900 };

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
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  bookingNumber: string,
  query: AccessQuery,
  options: { grant: boolean },
): Promise<AccessBooking> {
  if (query.signature !== undefined || query.expires !== undefined) {
    const check = verifyConfirmationSignature({
      secret: app.config.linkSigningSecret,
      bookingNumber,
      signature: query.signature,
      expires: query.expires,
      now: routeNow(app.config),
    });
    if (!check.valid) throw linkExpired();
    const booking = await findBookingByNumber(app.db, bookingNumber);
    if (!booking || !isViewable(booking)) throw bookingNotFound();
    if (options.grant) {
      await grantSessionAccess(app.db, booking.id, sessionKey(ensureSession(request, reply)));
    }
    return booking;
  }
  return bookingForSession(app, request, bookingNumber);
}

/** The booking when this session made or unlocked it; 403 access_required otherwise, known number or not. */
export async function bookingForSession(
  app: FastifyInstance,
  request: FastifyRequest,
  bookingNumber: string,
): Promise<AccessBooking> {
  if (!request.sessionId) throw accessRequired();
  const booking = await findBookingByNumber(app.db, bookingNumber);
  if (!booking || !(await sessionHasAccess(app.db, booking, sessionKey(request.sessionId)))) {
    throw accessRequired();
  }
  if (!isViewable(booking)) throw bookingNotFound();
  return booking;
}

/**
 * PIN access: the same 422 for a wrong PIN and an unknown (or unconfirmed) booking number, after the same HMAC
 * comparison. Every attempt counts against the address; each failure counts against the booking number, which
 * locks after five for the rest of its 15-minute window. Both counters live in the database, so they hold
 * across API instances. A right PIN unlocks the booking for this session.
 */
export async function unlockWithPin(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  bookingNumber: string,
  pin: string,
): Promise<AccessBooking> {
  const address = await hitRateLimit(
    app.db,
    PIN_ADDRESS_RULE,
    clientAddressKey(app.config.sessionSecret, request.ip),
  );
  if (!address.allowed) {
    reply.header('retry-after', String(address.retryAfterSeconds));
    throw new AppError(CODES.rateLimited, 429, M.pinRateLimited(minutes(address.retryAfterSeconds)));
  }
  const lockedFor = await rateLimitLockedForSeconds(app.db, PIN_BOOKING_RULE, bookingNumber);
  if (lockedFor > 0) {
    reply.header('retry-after', String(lockedFor));
    throw new AppError(CODES.pinLocked, 429, M.pinLockedOut(minutes(lockedFor)));
  }

  const booking = await findBookingByNumber(app.db, bookingNumber);
  const usable = booking !== undefined && isViewable(booking) && booking.pinHash !== null;
  const matches = verifyBookingPin(
    app.config.linkSigningSecret,
    booking?.id ?? 0,
    pin,
    usable ? booking.pinHash : NO_PIN_HASH,
  );
  if (!usable || !matches) {
    await hitRateLimit(app.db, PIN_BOOKING_RULE, bookingNumber);
    throw pinInvalid();
  }
  await clearRateLimit(app.db, PIN_BOOKING_RULE, bookingNumber);
  await grantSessionAccess(app.db, booking.id, sessionKey(ensureSession(request, reply)));
  return booking;
}
