import { describe, expect, it } from 'vitest';
import { mailOutbox, operatorSessions, passwordResetTokens } from '../../db/schema/index.ts';
import { isOperatorSessionId, sessionKey } from '../../lib/session-token.ts';
import { operatorSessionsOf } from '../../test/stored-rows.ts';
import { apiHeaders, testAppForEachTest, withCsrf } from '../../test/test-app.ts';
import { disableOperator } from '../operators/manage-operators.ts';
import { LOGIN_ACCOUNT_RULES, LOGIN_ADDRESS_RULES } from './auth-rate-limits.ts';
import { ACCOUNT_DISABLED_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from './sign-in-operator.ts';
import {
  addOperator,
  browserFrom,
  getUser,
  latestResetToken,
  login,
  NEW_PASSWORD,
  PASSWORD,
  post,
  sessionCookie,
} from './test/auth-test-helpers.ts';

const LINK_INVALID =
  'Sorry, the link you used has expired or is invalid. Please request a new password reset';

const t = testAppForEachTest({ publicUrl: 'https://book.links.example' });

describe('sign-in and sessions', () => {
  it('signs in, answers the session shape and reads it back from GET /v1/user', async () => {
    const operator = await addOperator(t.database.db, { depositAmount: 25 });
    const { response, after } = await login(t.app, 'FAIRWAY', PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const expected = {
      id: operator.id,
      ID: operator.id,
      company_name: 'Fairway Golf Tours',
      status: 'active',
      deposit_amount: 25,
      password_change_required: false,
      trade_discount_percent: 0,
    };
    expect(response.json()).toEqual({ data: expected });
    const user = await getUser(t.app, after.cookie);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ data: expected });
  });

  it("answers GET /v1/user signed out with no operator and no error status (no 401 in every visitor's console)", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/user', headers: apiHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(response.headers['cache-control']).toBe('no-store');
    // Operator-only calls still refuse a visitor.
    const details = await t.app.inject({ method: 'GET', url: '/v1/user/details', headers: apiHeaders() });
    expect(details.statusCode).toBe(401);
  });

  it('rotates the session id and the CSRF token on sign-in; the pre-login cookie never authenticates', async () => {
    await addOperator(t.database.db);
    const { response, before, after } = await login(t.app, 'fairway', PASSWORD);
    const newSid = sessionCookie(response);
    expect(newSid).toBeDefined();
    expect(before.cookie).not.toContain(newSid as string);
    expect(after.token).not.toBe(before.token);
    expect(response.cookies.find((c) => c.name === 'links_sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect((await getUser(t.app, before.cookie)).json().data).toBeNull();
    expect((await getUser(t.app, after.cookie)).json().data).not.toBeNull();
    // The old XSRF token no longer passes the CSRF check with the new cookie.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/v1/logout',
      headers: { ...after.headers, 'x-xsrf-token': before.token },
    });
    expect(stale.statusCode).toBe(403);
  });

  it('logout deletes the session server-side: replaying the old cookie fails', async () => {
    await addOperator(t.database.db);
    const { after } = await login(t.app, 'fairway', PASSWORD);
    const logout = await t.app.inject({ method: 'POST', url: '/v1/logout', headers: after.headers });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ data: {} });
    expect(sessionCookie(logout)).toBeDefined();
    expect((await getUser(t.app, after.cookie)).json().data).toBeNull();
    expect(await t.database.db.select().from(operatorSessions)).toHaveLength(0);
    // The fresh cookies from logout are an anonymous session.
    expect((await getUser(t.app, browserFrom(logout).cookie)).json().data).toBeNull();
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    await addOperator(t.database.db);
    const wrong = await login(t.app, 'fairway', 'Not-The-Password-1!', '10.0.0.1');
    const unknown = await login(t.app, 'nobody-here', 'Not-The-Password-1!', '10.0.0.2');
    expect(wrong.response.statusCode).toBe(401);
    expect(unknown.response.statusCode).toBe(wrong.response.statusCode);
    expect(unknown.response.body).toBe(wrong.response.body);
    expect(wrong.response.json()).toEqual({
      error: { code: 'invalid_credentials', message: INVALID_CREDENTIALS_MESSAGE },
    });
    expect(sessionCookie(wrong.response)).toBeUndefined();
  });

  it('refuses a disabled operator with a clear message and ends its sessions', async () => {
    await addOperator(t.database.db);
    const { after } = await login(t.app, 'fairway', PASSWORD);
    await disableOperator(t.database.db, 'fairway');
    expect((await getUser(t.app, after.cookie)).json().data).toBeNull();
    const again = await login(t.app, 'fairway', PASSWORD);
    expect(again.response.statusCode).toBe(403);
    expect(again.response.json()).toEqual({
      error: { code: 'account_disabled', message: ACCOUNT_DISABLED_MESSAGE },
    });
  });

  it('expires sessions after the idle limit and the absolute limit', async () => {
    await addOperator(t.database.db);
    const start = new Date();
    t.clock.pin(() => start);
    const { after } = await login(t.app, 'fairway', PASSWORD);
    // Active every hour keeps it alive past the idle limit...
    for (let hour = 1; hour <= 11; hour += 1) {
      t.clock.pin(() => new Date(start.getTime() + hour * 3_600_000));
      expect((await getUser(t.app, after.cookie)).json().data, `hour ${hour}`).not.toBeNull();
    }
    // ...but not past 12 hours from sign-in.
    t.clock.pin(() => new Date(start.getTime() + 12 * 3_600_000 + 1000));
    expect((await getUser(t.app, after.cookie)).json().data).toBeNull();

    t.clock.pin(() => start);
    const second = await login(t.app, 'fairway', PASSWORD);
    t.clock.pin(() => new Date(start.getTime() + 2 * 3_600_000 + 1000));
    expect((await getUser(t.app, second.after.cookie)).json().data).toBeNull();
  });

  it('stores only the hash of the session id', async () => {
    await addOperator(t.database.db);
    const { response } = await login(t.app, 'fairway', PASSWORD);
    const signed = sessionCookie(response) as string;
    const id = signed.slice(0, signed.lastIndexOf('.'));
    const rows = await t.database.db.select().from(operatorSessions);
    expect(rows.map((row) => row.id)).toEqual([sessionKey(id)]);
  });

  it('issues operator-shaped session ids; a visitor session is never looked up as an operator', async () => {
    const operator = await addOperator(t.database.db);
    const { response } = await login(t.app, 'fairway', PASSWORD);
    const signed = sessionCookie(response) as string;
    expect(isOperatorSessionId(signed.slice(0, signed.lastIndexOf('.')))).toBe(true);
    // A visitor's (signed, valid) id given a live operator session row still signs no one in: only an operator
    // sign-in issues ids that are looked up.
    const visitor = await withCsrf(t.app);
    const visitorSigned = /links_sid=([^;]+)/.exec(visitor.cookie)?.[1] as string;
    const visitorId = decodeURIComponent(visitorSigned).slice(
      0,
      decodeURIComponent(visitorSigned).lastIndexOf('.'),
    );
    expect(isOperatorSessionId(visitorId)).toBe(false);
    const now = new Date();
    await t.database.db.insert(operatorSessions).values({
      id: sessionKey(visitorId),
      operatorId: operator.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    expect((await getUser(t.app, visitor.cookie)).json().data).toBeNull();
  });

  it('validates the login body with the spec messages', async () => {
    const response = await post(t.app, '/v1/login', { username: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      username: 'Please enter a username address',
      password: 'Please enter your password',
    });
  });
});

describe('sign-in throttling', () => {
  const accountLimit = LOGIN_ACCOUNT_RULES[0]?.max as number;
  const addressLimit = LOGIN_ADDRESS_RULES[0]?.max as number;

  it(`locks an account after ${accountLimit} failures from any addresses, even for the right password`, async () => {
    await addOperator(t.database.db);
    for (let attempt = 1; attempt <= accountLimit; attempt += 1) {
      const { response } = await login(t.app, 'fairway', 'Wrong-Password-1!', `10.1.0.${attempt}`);
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const locked = await login(t.app, 'Fairway', PASSWORD, '10.2.0.1');
    expect(locked.response.statusCode).toBe(429);
    expect(locked.response.json().error.code).toBe('login_throttled');
    expect(Number(locked.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // An unknown username is throttled identically (the lock does not reveal that an account exists).
    for (let attempt = 1; attempt <= accountLimit; attempt += 1) {
      await login(t.app, 'ghost', 'Wrong-Password-1!', `10.3.0.${attempt}`);
    }
    const ghost = await login(t.app, 'ghost', PASSWORD, '10.4.0.1');
    expect(ghost.response.statusCode).toBe(429);
  });

  it(`locks an address after ${addressLimit} failures across usernames`, async () => {
    await addOperator(t.database.db);
    for (let attempt = 1; attempt <= addressLimit; attempt += 1) {
      const { response } = await login(t.app, `guess-${attempt}`, 'Wrong-Password-1!', '10.9.9.9');
      expect(response.statusCode).toBe(401);
    }
    expect((await login(t.app, 'fairway', PASSWORD, '10.9.9.9')).response.statusCode).toBe(429);
    expect((await login(t.app, 'fairway', PASSWORD, '10.9.9.8')).response.statusCode).toBe(200);
  });

  it('a locked account can still reset its password, and the reset lifts the lock', async () => {
    await addOperator(t.database.db);
    for (let attempt = 1; attempt <= accountLimit; attempt += 1) {
      await login(t.app, 'fairway', 'Wrong-Password-1!', `10.5.0.${attempt}`);
    }
    expect((await login(t.app, 'fairway', PASSWORD, '10.6.0.1')).response.statusCode).toBe(429);
    expect((await post(t.app, '/v1/forgot-password', { username: 'fairway' }, '10.5.0.1')).statusCode).toBe(
      200,
    );
    const { token } = await latestResetToken(t.database.db);
    const reset = await post(
      t.app,
      '/v1/reset',
      { username: 'fairway', token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      '10.5.0.1',
    );
    expect(reset.statusCode).toBe(200);
    expect((await login(t.app, 'fairway', NEW_PASSWORD, '10.5.0.1')).response.statusCode).toBe(200);
  });

  it('a successful sign-in clears the account failures', async () => {
    await addOperator(t.database.db);
    for (let attempt = 1; attempt < accountLimit; attempt += 1) {
      await login(t.app, 'fairway', 'Wrong-Password-1!', `10.7.0.${attempt}`);
    }
    expect((await login(t.app, 'fairway', PASSWORD)).response.statusCode).toBe(200);
    for (let attempt = 1; attempt < accountLimit; attempt += 1) {
      expect(
        (await login(t.app, 'fairway', 'Wrong-Password-1!', `10.8.0.${attempt}`)).response.statusCode,
      ).toBe(401);
    }
    expect((await login(t.app, 'fairway', PASSWORD)).response.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers forgot-password identically for known and unknown usernames; e-mails only the real one', async () => {
    await addOperator(t.database.db);
    const known = await post(t.app, '/v1/forgot-password', { username: 'Fairway' });
    const unknown = await post(t.app, '/v1/forgot-password', { username: 'nobody' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('ops@fairway-tours.example');
    expect(mails[0]?.text).toMatch(/^https:\/\/book\.links\.example\/reset\?t=[A-Za-z0-9_-]{43}&u=fairway$/m);
    expect(mails[0]?.html).toContain('https://book.links.example/reset?t=');
    // Only the hash is stored.
    const { token } = await latestResetToken(t.database.db);
    const rows = await t.database.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('validates a good link, refuses a wrong one, and uses each token once', async () => {
    await addOperator(t.database.db);
    await post(t.app, '/v1/forgot-password', { username: 'fairway' });
    const { token, username } = await latestResetToken(t.database.db);
    expect((await post(t.app, '/v1/validate-token', { username, token })).statusCode).toBe(200);

    // Change the last character (a token that already ends in A gets a B), so the wrong token is never the right one.
    const wrongToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await post(t.app, '/v1/validate-token', { username, token: wrongToken });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { code: 'reset_link_invalid', message: LINK_INVALID } });
    expect((await post(t.app, '/v1/validate-token', { username: 'someone-else', token })).statusCode).toBe(
      400,
    );

    const body = { username, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await post(t.app, '/v1/reset', body)).statusCode).toBe(200);
    const replay = await post(t.app, '/v1/reset', {
      ...body,
      password: 'Another-Pass-9!',
      password_confirmation: 'Another-Pass-9!',
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({ code: 'reset_link_invalid', message: LINK_INVALID });
    expect((await post(t.app, '/v1/validate-token', { username, token })).statusCode).toBe(400);
    expect((await login(t.app, 'fairway', PASSWORD)).response.statusCode).toBe(401);
    expect((await login(t.app, 'fairway', NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  it('expires tokens after 60 minutes', async () => {
    await addOperator(t.database.db);
    const start = new Date();
    t.clock.pin(() => start);
    await post(t.app, '/v1/forgot-password', { username: 'fairway' });
    const { token, username } = await latestResetToken(t.database.db);
    t.clock.pin(() => new Date(start.getTime() + 59 * 60_000));
    expect((await post(t.app, '/v1/validate-token', { username, token })).statusCode).toBe(200);
    t.clock.pin(() => new Date(start.getTime() + 60 * 60_000 + 1000));
    expect((await post(t.app, '/v1/validate-token', { username, token })).statusCode).toBe(400);
    const reset = await post(t.app, '/v1/reset', {
      username,
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(400);
  });

  it('a password change voids outstanding tokens and signs out every session', async () => {
    const operator = await addOperator(t.database.db);
    await post(t.app, '/v1/forgot-password', { username: 'fairway' });
    const first = await latestResetToken(t.database.db);
    const elsewhere = await login(t.app, 'fairway', PASSWORD);
    const here = await login(t.app, 'fairway', PASSWORD);
    const change = await t.app.inject({
      method: 'POST',
      url: `/v1/user/${operator.id}/account`,
      headers: here.after.headers,
      payload: { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect((await post(t.app, '/v1/validate-token', first)).statusCode).toBe(400);
    expect((await getUser(t.app, elsewhere.after.cookie)).json().data).toBeNull();
    expect((await getUser(t.app, here.after.cookie)).json().data).not.toBeNull();

    // And a reset signs out everyone, including the browser that asked for it.
    await post(t.app, '/v1/forgot-password', { username: 'fairway' });
    const second = await latestResetToken(t.database.db);
    const reset = await post(t.app, '/v1/reset', {
      ...second,
      password: 'Third-Password-3#',
      password_confirmation: 'Third-Password-3#',
    });
    expect(reset.statusCode).toBe(200);
    expect((await getUser(t.app, here.after.cookie)).json().data).toBeNull();
    expect(await operatorSessionsOf(t.database.db, operator.id)).toHaveLength(0);
  });

  it('sends no e-mail for a disabled account and refuses its links', async () => {
    await addOperator(t.database.db);
    await post(t.app, '/v1/forgot-password', { username: 'fairway' });
    const link = await latestResetToken(t.database.db);
    await disableOperator(t.database.db, 'fairway');
    expect((await post(t.app, '/v1/validate-token', link)).statusCode).toBe(400);
    await post(t.app, '/v1/forgot-password', { username: 'fairway' });
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(1);
  });

  it('rate-limits forgot-password per address', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(
        (await post(t.app, '/v1/forgot-password', { username: `u${attempt}` }, '10.10.0.1')).statusCode,
      ).toBe(200);
    }
    const limited = await post(t.app, '/v1/forgot-password', { username: 'u11' }, '10.10.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await post(t.app, '/v1/forgot-password', { username: 'u11' }, '10.10.0.2')).statusCode).toBe(200);
  });

  it('validates the forgot and reset bodies with the spec messages', async () => {
    const forgot = await post(t.app, '/v1/forgot-password', { username: ' ' });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json().error.fields).toEqual({ username: 'Please enter a username' });

    const empty = await post(t.app, '/v1/reset', {
      username: 'u',
      token: 't',
      password: '',
      password_confirmation: '',
    });
    expect(empty.json().error.fields).toEqual({
      password: 'Please enter a new password',
      password_confirmation: 'Please confirm the new password',
    });
    const weak = await post(t.app, '/v1/reset', {
      username: 'u',
      token: 't',
      password: 'Short1!a',
      password_confirmation: 'Short1!a',
    });
    expect(weak.json().error.fields).toEqual({ password: 'Password does not meet all criteria' });
    const mismatch = await post(t.app, '/v1/reset', {
      username: 'u',
      token: 't',
      password: NEW_PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(mismatch.json().error.fields).toEqual({
      password_confirmation: 'Please make sure your passwords match',
    });
    const noLink = await post(t.app, '/v1/reset', {
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(Object.keys(noLink.json().error.fields).sort()).toEqual(['token', 'username']);
  });
});
