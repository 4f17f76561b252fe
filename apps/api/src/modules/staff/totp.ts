import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

// The second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 seconds: what every authenticator app reads from a QR code)
// through otpauth. A code is accepted for the current time step and one either side (clock drift); the step it
// matched is returned so the caller can refuse any code of that step or an earlier one afterwards (no replay).

export const TOTP_ISSUER = 'Links Golf Resort staff';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;

function totpFor(secretBase32: string, username = 'staff'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret: 20 random bytes (RFC 4226's recommended 160 bits), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads (from the QR code, or typed in). */
export function totpUri(secretBase32: string, username: string): string {
  return totpFor(secretBase32, username).toString();
}

/** The enrolment QR code of `uri`, as an SVG document. */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step (RFC 6238's T) of an instant. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step `code` is right for, within TOTP_WINDOW steps of `at`, or null. Only six digits are looked at:
 * anything else is wrong without a comparison.
 */
export function matchTotpStep(secretBase32: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(at) + delta;
}

/** The code for `at` (tests, and the seed's documentation of the demo admin). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpFor(secretBase32).generate({ timestamp: at.getTime() });
}
