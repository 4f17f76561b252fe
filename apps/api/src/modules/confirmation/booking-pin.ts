import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

// The 6-digit PIN that opens a confirmed booking. Stored as HMAC-SHA256 under a key derived from
// LINK_SIGNING_SECRET, not argon2id: a 6-digit PIN has only a million values, so no slow hash stops an offline
// guesser who holds the table (a million argon2 checks is hours on one core), whereas a keyed hash cannot be
// checked at all without the server key, which never sits in the database. It is also cheap enough to compute
// inside the confirmation transaction, which holds the booking row lock. Online guessing is the job of the
// PIN-access lockout.

export const PIN_LENGTH = 6;

export function newBookingPin(): string {
  return String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}

function pinKey(secret: string): Buffer {
  // Domain separation: the same secret also signs confirmation links.
  return createHmac('sha256', secret).update('booking-pin-key:v1').digest();
}

/** 'v1:' + hex HMAC of the booking id and PIN (the id binds a stored hash to its booking). */
export function bookingPinHash(secret: string, bookingId: number, pin: string): string {
  return `v1:${createHmac('sha256', pinKey(secret)).update(`${bookingId}:${pin}`).digest('hex')}`;
}

/** Constant-time check of a PIN against a stored hash; false for a malformed PIN or hash. */
export function verifyBookingPin(
  secret: string,
  bookingId: number,
  pin: string,
  stored: string | null,
): boolean {
  if (stored === null || !/^[0-9]{6}$/.test(pin) || !/^v1:[0-9a-f]{64}$/.test(stored)) return false;
  const expected = Buffer.from(bookingPinHash(secret, bookingId, pin));
  return timingSafeEqual(expected, Buffer.from(stored));
}
