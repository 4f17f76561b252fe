import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_RULES, LOGIN_ADDRESS_RULES } from '../../modules/auth/auth-rate-limits.ts';
import {
  addOperator,
  latestResetToken,
  NEW_PASSWORD,
  PASSWORD,
} from '../../modules/auth/test/auth-test-helpers.ts';
import { createTestApp, type TestApp, withCsrf } from '../test-app.ts';
import { errorEnvelope } from './hostile-helpers.ts';

// Password guessing through a proxy header (issue 8, point 1). The per-account and per-address locks themselves, the
// reset that lifts a lock, and reset tokens reused, expired and used after a password change are proved in
// modules/auth/auth.api.test.ts; these tests add the X-Forwarded-For tricks: spoofing it must not buy fresh
// addresses when no proxy is trusted, and behind a trusted proxy each real client address is limited on its own.

const accountLimit = LOGIN_ACCOUNT_RULES[0]?.max as number;
const addressLimit = LOGIN_ADDRESS_RULES[0]?.max as number;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function attempt(
  app: FastifyInstance,
  username: string,
  password: string,
  options: { forwardedFor?: string; remoteAddress?: string } = {},
) {
  const csrf = await withCsrf(app);
  return app.inject({
    method: 'POST',
    url: '/v1/login',
    headers: {
      ...csrf.headers,
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    payload: { username, password },
    remoteAddress: options.remoteAddress ?? '198.51.100.7',
  });
}

async function postFrom(app: FastifyInstance, url: string, payload: object, forwardedFor: string) {
  const csrf = await withCsrf(app);
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { ...csrf.headers, 'x-forwarded-for': forwardedFor },
    payload,
    remoteAddress: '127.0.0.1',
  });
  // A reset e-mail is made after the answer has gone.
  await app.afterAnswer.idle();
  return response;
}

describe('without a trusted proxy (TRUST_PROXY=off)', () => {
  it('a forged X-Forwarded-For on every guess does not escape the per-address lock', async () => {
    t = await createTestApp({ trustProxy: false });
    await addOperator(t.database.db);
    for (let guess = 1; guess <= addressLimit; guess += 1) {
      const response = await attempt(t.app, `guess-${guess}`, 'Wrong-Password-1!', {
        forwardedFor: `203.0.113.${guess}`,
      });
      expect(response.statusCode, `guess ${guess}`).toBe(401);
    }
    const locked = await attempt(t.app, 'fairway', PASSWORD, { forwardedFor: '192.0.2.200' });
    expect(locked.statusCode).toBe(429);
    expect(errorEnvelope(locked.body).code).toBe('login_throttled');
    // Another real address is not affected.
    expect((await attempt(t.app, 'fairway', PASSWORD, { remoteAddress: '198.51.100.8' })).statusCode).toBe(
      200,
    );
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  it('limits each client address on its own, and every address together per account', async () => {
    t = await createTestApp({ trustProxy: 1 });
    const { app } = t;
    /** A sign-in through the proxy (the socket's address is the proxy's) for the client at `forwardedFor`. */
    const attemptViaProxy = (username: string, password: string, forwardedFor: string) =>
      attempt(app, username, password, { forwardedFor, remoteAddress: '127.0.0.1' });
    await addOperator(t.database.db);
    await addOperator(t.database.db, { username: 'links-tours' });

    // One address guessing many usernames is locked; the owner on another address is not.
    for (let guess = 1; guess <= addressLimit; guess += 1) {
      const response = await attemptViaProxy(`guess-${guess}`, 'Wrong-Password-1!', '203.0.113.50');
      expect(response.statusCode, `guess ${guess}`).toBe(401);
    }
    const fromGuesser = await attemptViaProxy('fairway', PASSWORD, '203.0.113.50');
    expect(fromGuesser.statusCode).toBe(429);
    const fromOwner = await attemptViaProxy('fairway', PASSWORD, '192.0.2.10');
    expect(fromOwner.statusCode, fromOwner.body).toBe(200);

    // Many addresses guessing one account: the account locks, whatever address comes next.
    for (let guess = 1; guess <= accountLimit; guess += 1) {
      const response = await attemptViaProxy('links-tours', 'Wrong-Password-1!', `198.18.0.${guess}`);
      expect(response.statusCode, `guess ${guess}`).toBe(401);
    }
    const lockedAccount = await attemptViaProxy('links-tours', PASSWORD, '192.0.2.99');
    expect(lockedAccount.statusCode).toBe(429);
    expect(Number(lockedAccount.headers['retry-after'])).toBeGreaterThan(0);

    // The owner is not locked out for good: a password reset from the guessers' own address still works, and lifts
    // the lock.
    const forgot = await postFrom(t.app, '/v1/forgot-password', { username: 'links-tours' }, '203.0.113.50');
    expect(forgot.statusCode, forgot.body).toBe(200);
    const { token, username } = await latestResetToken(t.database.db);
    expect(username).toBe('links-tours');
    const reset = await postFrom(
      t.app,
      '/v1/reset',
      { username, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      '192.0.2.99',
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const back = await attemptViaProxy('links-tours', NEW_PASSWORD, '192.0.2.99');
    expect(back.statusCode, back.body).toBe(200);
  });
});
