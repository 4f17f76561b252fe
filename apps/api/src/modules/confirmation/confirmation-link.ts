import { createHmac, timingSafeEqual } from 'node:crypto';

// The signed link in the confirmation e-mail: /confirmation/{booking_number}?signature=...&expires=...
// signature = HMAC-SHA256(LINK_SIGNING_SECRET, booking_number + '.' + expires), hex. `expires` (unix seconds) is
// part of what is signed, so it cannot be extended, and it is mandatory: a link without it never verifies.

/** How long a link in a confirmation e-mail opens the booking, at least... */
export const CONFIRMATION_LINK_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * ...and at least until this long after the last round starts: a booking made months ahead (tour operators book on
 * terms) keeps a working link through its reminders, the day itself and the days after.
 */
export const LINK_VALID_AFTER_LAST_ROUND_SECONDS = 7 * 24 * 60 * 60;

/** The latest start of `rounds`, for signConfirmationLink's lastRoundAt. */
export function lastRoundStart(rounds: ReadonlyArray<{ startsAt: Date }>): Date | undefined {
  let last: Date | undefined;
  for (const round of rounds) if (!last || round.startsAt > last) last = round.startsAt;
  return last;
}

const BOOKING_NUMBER_PATTERN = /^[0-9]{6,24}$/;
const EXPIRES_PATTERN = /^[1-9][0-9]{0,11}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

function sign(secret: string, bookingNumber: string, expires: number): string {
  return createHmac('sha256', secret).update(`${bookingNumber}.${expires}`).digest('hex');
}

export type SignedConfirmationLink = {
  /** `/confirmation/{booking_number}?signature=...&expires=...` (the web page, relative to PUBLIC_URL). */
  path: string;
  /** The same, absolute, from the configured public URL. */
  url: string;
  signature: string;
  expires: number;
};

export function signConfirmationLink(options: {
  secret: string;
  publicUrl: string;
  bookingNumber: string;
  now?: Date;
  ttlSeconds?: number;
  /** The booking's last round: the link then lasts until LINK_VALID_AFTER_LAST_ROUND_SECONDS after it, if later. */
  lastRoundAt?: Date | undefined;
}): SignedConfirmationLink {
  if (!BOOKING_NUMBER_PATTERN.test(options.bookingNumber)) throw new Error('Not a booking number');
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const afterPlay = options.lastRoundAt
    ? Math.floor(options.lastRoundAt.getTime() / 1000) + LINK_VALID_AFTER_LAST_ROUND_SECONDS
    : 0;
  const expires = Math.max(nowSeconds + (options.ttlSeconds ?? CONFIRMATION_LINK_TTL_SECONDS), afterPlay);
  const signature = sign(options.secret, options.bookingNumber, expires);
  const path = `/confirmation/${options.bookingNumber}?signature=${signature}&expires=${expires}`;
  return { path, url: `${options.publicUrl.replace(/\/+$/, '')}${path}`, signature, expires };
}

/**
 * signConfirmationLink under the app's signing secret and public URL: the link every e-mail and answer about a booking
 * carries, valid until after `lastRoundAt` (see lastRoundStart).
 */
export function signBookingLink(
  config: { linkSigningSecret: string; publicUrl: string },
  bookingNumber: string,
  now: Date,
  lastRoundAt: Date | undefined,
): SignedConfirmationLink {
  return signConfirmationLink({
    secret: config.linkSigningSecret,
    publicUrl: config.publicUrl,
    bookingNumber,
    now,
    lastRoundAt,
  });
}

export type SignatureCheck = { valid: true } | { valid: false; reason: 'malformed' | 'expired' | 'mismatch' };

/**
 * Checks a link's signature for this booking number: constant-time comparison, and refuses a missing or past
 * `expires`, a changed booking number or expiry (tampered) and a signature made with another key (foreign).
 */
export function verifyConfirmationSignature(options: {
  secret: string;
  bookingNumber: string;
  signature: unknown;
  expires: unknown;
  now?: Date;
}): SignatureCheck {
  const { bookingNumber, signature, expires } = options;
  const expiresText = typeof expires === 'number' ? String(expires) : expires;
  if (
    typeof signature !== 'string' ||
    typeof expiresText !== 'string' ||
    !BOOKING_NUMBER_PATTERN.test(bookingNumber) ||
    !SIGNATURE_PATTERN.test(signature) ||
    !EXPIRES_PATTERN.test(expiresText)
  ) {
    return { valid: false, reason: 'malformed' };
  }
  const expiresAt = Number(expiresText);
  const expected = Buffer.from(sign(options.secret, bookingNumber, expiresAt), 'hex');
  const given = Buffer.from(signature, 'hex');
  // Both are 32 bytes here (the pattern above), so timingSafeEqual never throws on length.
  const matches = timingSafeEqual(expected, given);
  if (!matches) return { valid: false, reason: 'mismatch' };
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (expiresAt <= nowSeconds) return { valid: false, reason: 'expired' };
  return { valid: true };
}
