import { describe, expect, it } from 'vitest';
import { bookingPinHash, newBookingPin, verifyBookingPin } from './booking-pin.ts';
import {
  CONFIRMATION_LINK_TTL_SECONDS,
  LINK_VALID_AFTER_LAST_ROUND_SECONDS,
  lastRoundStart,
  signConfirmationLink,
  verifyConfirmationSignature,
} from './confirmation-link.ts';

const SECRET = 'test-link-signing-secret-0123456789abcdef';
const NOW = new Date('2026-03-20T09:05:00Z');
const NUMBER = '4829301756';

function link(overrides: { bookingNumber?: string; now?: Date; secret?: string } = {}) {
  return signConfirmationLink({
    secret: overrides.secret ?? SECRET,
    publicUrl: 'https://golf.example/',
    bookingNumber: overrides.bookingNumber ?? NUMBER,
    now: overrides.now ?? NOW,
  });
}

function verify(signature: unknown, expires: unknown, options: { bookingNumber?: string; now?: Date } = {}) {
  return verifyConfirmationSignature({
    secret: SECRET,
    bookingNumber: options.bookingNumber ?? NUMBER,
    signature,
    expires,
    now: options.now ?? NOW,
  });
}

describe('signConfirmationLink', () => {
  it('builds the absolute signed link from the public URL with a mandatory expiry 30 days ahead', () => {
    const signed = link();
    const expires = NOW.getTime() / 1000 + CONFIRMATION_LINK_TTL_SECONDS;
    expect(signed.expires).toBe(expires);
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.path).toBe(`/confirmation/${NUMBER}?signature=${signed.signature}&expires=${expires}`);
    expect(signed.url).toBe(`https://golf.example${signed.path}`);
  });

  it('lasts until a week after the last round when that is later: a booking on terms months ahead keeps its link', () => {
    const lastRoundAt = new Date('2026-09-14T08:40:00Z');
    const signed = signConfirmationLink({
      secret: SECRET,
      publicUrl: 'https://golf.example',
      bookingNumber: NUMBER,
      now: NOW,
      lastRoundAt: lastRoundStart([
        { startsAt: new Date('2026-09-12T10:00:00Z') },
        { startsAt: lastRoundAt },
      ]),
    });
    expect(signed.expires).toBe(lastRoundAt.getTime() / 1000 + LINK_VALID_AFTER_LAST_ROUND_SECONDS);
    expect(verify(signed.signature, signed.expires, { now: new Date('2026-09-15T12:00:00Z') })).toEqual({
      valid: true,
    });
    // A round soon after booking: the usual 30 days.
    const soon = signConfirmationLink({
      secret: SECRET,
      publicUrl: 'https://golf.example',
      bookingNumber: NUMBER,
      now: NOW,
      lastRoundAt: new Date('2026-03-24T09:00:00Z'),
    });
    expect(soon.expires).toBe(NOW.getTime() / 1000 + CONFIRMATION_LINK_TTL_SECONDS);
  });

  it('refuses something that is not a booking number', () => {
    expect(() => link({ bookingNumber: '12/../34' })).toThrow();
  });
});

describe('verifyConfirmationSignature', () => {
  it('accepts its own link until it expires, with expires as text or number', () => {
    const signed = link();
    expect(verify(signed.signature, String(signed.expires))).toEqual({ valid: true });
    expect(verify(signed.signature, signed.expires)).toEqual({ valid: true });
  });

  it('rejects an expired link', () => {
    const signed = link();
    expect(
      verify(signed.signature, String(signed.expires), { now: new Date(signed.expires * 1000) }),
    ).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('rejects a tampered expiry, booking number or signature', () => {
    const signed = link();
    expect(verify(signed.signature, String(signed.expires + 86_400)).valid).toBe(false);
    expect(verify(signed.signature, String(signed.expires), { bookingNumber: '4829301757' })).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    const flipped = `${signed.signature.slice(0, -1)}${signed.signature.endsWith('0') ? '1' : '0'}`;
    expect(verify(flipped, String(signed.expires))).toEqual({ valid: false, reason: 'mismatch' });
  });

  it('rejects a link signed with another key (foreign)', () => {
    const foreign = link({ secret: 'another-secret-that-is-long-enough-0000' });
    expect(verify(foreign.signature, String(foreign.expires))).toEqual({ valid: false, reason: 'mismatch' });
  });

  it('rejects a missing or malformed signature or expiry', () => {
    const signed = link();
    expect(verify(undefined, String(signed.expires)).valid).toBe(false);
    expect(verify(signed.signature, undefined)).toEqual({ valid: false, reason: 'malformed' });
    expect(verify(signed.signature, '')).toEqual({ valid: false, reason: 'malformed' });
    expect(verify(signed.signature.toUpperCase(), String(signed.expires)).valid).toBe(false);
    expect(verify(signed.signature.slice(2), String(signed.expires)).valid).toBe(false);
    expect(verify(signed.signature, `${signed.expires}.5`).valid).toBe(false);
    expect(verify(signed.signature, [String(signed.expires)]).valid).toBe(false);
  });
});

describe('booking PIN', () => {
  it('draws six digits and stores a keyed hash bound to the booking', () => {
    const pins = new Set(Array.from({ length: 50 }, () => newBookingPin()));
    for (const pin of pins) expect(pin).toMatch(/^[0-9]{6}$/);
    expect(pins.size).toBeGreaterThan(40);
    const hash = bookingPinHash(SECRET, 7, '012345');
    expect(hash).toMatch(/^v1:[0-9a-f]{64}$/);
    expect(hash).not.toContain('012345');
    expect(verifyBookingPin(SECRET, 7, '012345', hash)).toBe(true);
    expect(verifyBookingPin(SECRET, 7, '012346', hash)).toBe(false);
    expect(verifyBookingPin(SECRET, 8, '012345', hash)).toBe(false);
    expect(verifyBookingPin('another-secret-that-is-long-enough-0000', 7, '012345', hash)).toBe(false);
    expect(verifyBookingPin(SECRET, 7, '12345', hash)).toBe(false);
    expect(verifyBookingPin(SECRET, 7, '012345', null)).toBe(false);
  });
});
