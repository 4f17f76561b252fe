import { describe, expect, it } from 'vitest';
import {
  createCsrfTokenCheck,
  createSecretMatcher,
  deriveCsrfToken,
  isOperatorSessionId,
  isStaffSessionId,
  isWellFormedSessionId,
  newSessionId,
  sessionKey,
  signCookieValue,
  unsignCookieValue,
} from './session-token.ts';

const secret = 'a-test-session-secret-of-32-characters!!';

describe('session ids', () => {
  it('are random, 43 base64url characters', () => {
    const a = newSessionId();
    const b = newSessionId();
    expect(a).not.toBe(b);
    expect(isWellFormedSessionId(a)).toBe(true);
    expect(isWellFormedSessionId(`${a}x`)).toBe(false);
    expect(isWellFormedSessionId('a.b')).toBe(false);
  });

  it('from an operator sign-in are recognisable; a visitor id never is', () => {
    const operator = newSessionId('operator');
    expect(operator).toMatch(/^op_[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedSessionId(operator)).toBe(true);
    expect(isOperatorSessionId(operator)).toBe(true);
    expect(isOperatorSessionId(newSessionId())).toBe(false);
    // Even a visitor id that happens to start like one: it is three characters too short.
    const lookalike = `op_${newSessionId().slice(3)}`;
    expect(isWellFormedSessionId(lookalike)).toBe(true);
    expect(isOperatorSessionId(lookalike)).toBe(false);
    expect(isWellFormedSessionId(`op_${operator}`)).toBe(false);
  });

  it('from a staff sign-in are recognisable and never taken for an operator or a visitor', () => {
    const staff = newSessionId('staff');
    expect(staff).toMatch(/^st_[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedSessionId(staff)).toBe(true);
    expect(isStaffSessionId(staff)).toBe(true);
    expect(isOperatorSessionId(staff)).toBe(false);
    expect(isStaffSessionId(newSessionId('operator'))).toBe(false);
    expect(isStaffSessionId(newSessionId())).toBe(false);
    expect(isStaffSessionId(`st_${newSessionId().slice(3)}`)).toBe(false);
  });

  it('are stored under a hash, not verbatim', () => {
    const id = newSessionId();
    expect(sessionKey(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionKey(id)).not.toContain(id);
  });
});

describe('signed cookie values', () => {
  const cookieSecret = 'dev-session-secret-change-me-0123456789abcdef';
  // Written by @fastify/cookie's Signer (sha256) before it was dropped: cookies already in browsers stay valid.
  const issuedEarlier = 'v_abc123.oGKjenOiYdCg5qJ2P+LFUTNyRAfAqIaqHTdiPq/id3w';

  it('keep the format browsers already hold', () => {
    expect(signCookieValue(cookieSecret, 'v_abc123')).toBe(issuedEarlier);
    expect(unsignCookieValue(cookieSecret, issuedEarlier)).toBe('v_abc123');
  });

  it('refuse another secret, a changed value or signature, and values without one', () => {
    expect(unsignCookieValue(`${cookieSecret}x`, issuedEarlier)).toBeNull();
    expect(unsignCookieValue(cookieSecret, issuedEarlier.replace('v_abc123', 'v_abc124'))).toBeNull();
    expect(unsignCookieValue(cookieSecret, `${issuedEarlier.slice(0, -1)}x`)).toBeNull();
    expect(unsignCookieValue(cookieSecret, 'v_abc123')).toBeNull();
    expect(unsignCookieValue(cookieSecret, '.abc')).toBeNull();
  });
});

describe('CSRF tokens', () => {
  it('are deterministic per session and secret', () => {
    const id = newSessionId();
    expect(deriveCsrfToken(secret, id)).toBe(deriveCsrfToken(secret, id));
    expect(deriveCsrfToken(secret, id)).not.toBe(deriveCsrfToken(secret, newSessionId()));
    expect(deriveCsrfToken(secret, id)).not.toBe(deriveCsrfToken(`${secret}2`, id));
  });

  it('validate only against their own session and secret, on every check', () => {
    const isValidCsrfToken = createCsrfTokenCheck(secret);
    const id = newSessionId();
    const token = deriveCsrfToken(secret, id);
    for (let check = 0; check < 2; check += 1) {
      expect(isValidCsrfToken(id, token)).toBe(true);
      expect(isValidCsrfToken(newSessionId(), token)).toBe(false);
      expect(isValidCsrfToken(id, `${token.slice(0, -1)}A`)).toBe(token.endsWith('A'));
      expect(isValidCsrfToken(id, token.slice(1))).toBe(false);
      expect(isValidCsrfToken(id, undefined)).toBe(false);
      expect(isValidCsrfToken(null, token)).toBe(false);
    }
    expect(createCsrfTokenCheck(`${secret}2`)(id, token)).toBe(false);
  });
});

describe('createSecretMatcher', () => {
  it('accepts exactly the configured secrets', () => {
    const matches = createSecretMatcher(['key-one', 'key-two']);
    expect(matches('key-one')).toBe(true);
    expect(matches('key-two')).toBe(true);
    expect(matches('key-three')).toBe(false);
    expect(matches('key-on')).toBe(false);
    expect(matches('')).toBe(false);
    expect(matches(undefined)).toBe(false);
  });
});
