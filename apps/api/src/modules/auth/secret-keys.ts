import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Rate-limit key for a username: a keyed hash of its lower-case form, so counters neither store usernames nor
 * differ between 'Fairway' and 'fairway', and unknown usernames are counted exactly like real ones.
 */
export function usernameKey(secret: string, username: string): string {
  return createHmac('sha256', secret)
    .update(`operator-username:${username.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 32);
}

/** A reset token: 32 random bytes, base64url (URL-safe, 43 characters). */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Storage form of a reset token. Plain sha256 suffices: the token has 256 bits of entropy. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
