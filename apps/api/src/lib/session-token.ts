import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { boundedMemo } from './bounded-memo.ts';

export const SESSION_COOKIE = 'links_sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

// The session id is 32 random bytes, base64url (43 characters); an operator sign-in prefixes it with `op_` and a staff
// sign-in with `st_` (46 characters), so a visitor's id can never look like either and each kind is looked up only
// in its own table. Server-side session rows should be keyed by sessionKey(id), not the id itself, so a leaked
// database dump cannot be replayed as cookies.
const OPERATOR_PREFIX = 'op_';
const STAFF_PREFIX = 'st_';
const SESSION_ID_PATTERN = /^(?:op_|st_)?[A-Za-z0-9_-]{43}$/;
const PREFIXED_ID_LENGTH = 3 + 43;

export type SessionKind = 'visitor' | 'operator' | 'staff';

export function newSessionId(kind: SessionKind = 'visitor'): string {
  const id = randomBytes(32).toString('base64url');
  if (kind === 'operator') return `${OPERATOR_PREFIX}${id}`;
  if (kind === 'staff') return `${STAFF_PREFIX}${id}`;
  return id;
}

export function isWellFormedSessionId(value: string): boolean {
  return SESSION_ID_PATTERN.test(value);
}

/**
 * Whether the id was issued by an operator sign-in. The id comes from the signed cookie, so it cannot be forged;
 * the shape only spares visitors the database lookup: an operator still needs a live session row.
 */
export function isOperatorSessionId(sessionId: string): boolean {
  return sessionId.length === PREFIXED_ID_LENGTH && sessionId.startsWith(OPERATOR_PREFIX);
}

/** Whether the id was issued by a staff sign-in (either stage); as for operators, a live staff session row decides. */
export function isStaffSessionId(sessionId: string): boolean {
  return sessionId.length === PREFIXED_ID_LENGTH && sessionId.startsWith(STAFF_PREFIX);
}

/**
 * How many recent sessions' derived values (cookie check, XSRF token, storage key) each process remembers: a few
 * megabytes at most, and more sessions than one instance serves within a visit's span.
 */
export const SESSION_MEMO_LIMIT = 10_000;

/** Storage key for a server-side session row: sha256(session id), hex. */
export const sessionKey: (sessionId: string) => string = boundedMemo(SESSION_MEMO_LIMIT, (sessionId) =>
  createHash('sha256').update(sessionId).digest('hex'),
);

/**
 * The session cookie's value: `<session id>.<HMAC-SHA256(SESSION_SECRET, session id), base64 without padding>` (the
 * format @fastify/cookie's signer wrote, so cookies issued before it was dropped stay valid).
 */
export function signCookieValue(secret: string, value: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;
}

/** The value of a signed cookie, or null when its signature does not match (compared in constant time). */
export function unsignCookieValue(secret: string, signed: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const expected = Buffer.from(signCookieValue(secret, value));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/**
 * XSRF token = HMAC-SHA256(SESSION_SECRET, "xsrf:" + session id), base64url. The prefix keeps it distinct from
 * the cookie signature, computed with the same secret over the bare session id.
 */
export function deriveCsrfToken(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`xsrf:${sessionId}`).digest('base64url');
}

/**
 * The check of a request's X-XSRF-TOKEN against its session, for one secret: `(sessionId, token) => valid`. The
 * expected token of each recent session is remembered (an HMAC per request otherwise); the comparison is constant-time.
 */
export function createCsrfTokenCheck(
  secret: string,
): (sessionId: string | null, token: string | undefined) => boolean {
  const expectedToken = boundedMemo(SESSION_MEMO_LIMIT, (sessionId) =>
    Buffer.from(deriveCsrfToken(secret, sessionId)),
  );
  return (sessionId, token) => {
    if (!sessionId || !token) return false;
    const expected = expectedToken(sessionId);
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/**
 * Constant-time membership test for secrets (API keys, admin token). Only the length can leak, which says nothing
 * useful; hashing each candidate instead would cost the hot path a digest per request.
 */
export function createSecretMatcher(secrets: readonly string[]): (candidate: string | undefined) => boolean {
  const known = secrets.map((secret) => Buffer.from(secret));
  return (candidate) => {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    let match = false;
    // No early exit: the time taken does not reveal which key matched.
    for (const secret of known) {
      if (secret.length === given.length) match = timingSafeEqual(given, secret) || match;
    }
    return match;
  };
}
