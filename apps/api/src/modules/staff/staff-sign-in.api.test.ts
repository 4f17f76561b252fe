import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffSessions, staffUsers } from '../../db/schema/index.ts';
import { isStaffSessionId, sessionKey } from '../../lib/session-token.ts';
import { testAppForEachTest } from '../../test/test-app.ts';
import { type Browser, browserFrom, sessionCookie } from '../auth/test/auth-test-helpers.ts';
import { createStaffUser } from './manage-staff-users.ts';
import { PASSWORD_STAGE_MISSING_MESSAGE, STAFF_INVALID_CREDENTIALS_MESSAGE } from './sign-in-staff.ts';
import { STAFF_CODE_RULES, STAFF_PASSWORD_RULES } from './staff-rate-limits.ts';
import { STAFF_IDLE_MS, STAFF_MAX_AGE_MS } from './staff-sessions.ts';
import {
  addStaffUser,
  auditRows,
  freshBrowser,
  getMe,
  NEW_STAFF_PASSWORD,
  nextFreshStep,
  postCode,
  postPassword,
  STAFF_PASSWORD,
  signInStaff,
  staffSessionBrowser,
} from './test/staff-test-helpers.ts';
import { totpCode } from './totp.ts';

const t = testAppForEachTest();

const sidOf = (browser: Browser) => {
  const signed = decodeURIComponent(/links_sid=([^;]+)/.exec(browser.cookie)?.[1] ?? '');
  return signed.slice(0, signed.lastIndexOf('.'));
};
/** A code the user's authenticator shows (a step of theirs not used yet). */
const codeFor = async (user: { id: number; secret: string }) =>
  totpCode(user.secret, await nextFreshStep(t, user.id));
const wrongCode = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');

describe('staff sign-in', () => {
  it('enrols a user without a factor: secret, otpauth URI and QR code, then a code opens the session', async () => {
    const admin = await addStaffUser(t, { username: 'first.admin' });
    const { user } = await createStaffUser(
      { db: t.database.db, config: t.config },
      {
        username: 'new.starter',
        name: 'New Starter',
        email: 'new@links.example',
        role: 'starter',
        password: STAFF_PASSWORD,
      },
      { staffUserId: admin.id },
      t.clock.now(),
    );
    const before = await freshBrowser(t.app);
    const { response, browser } = await postPassword(t.app, before, 'New.Starter', STAFF_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().data;
    expect(answer.stage).toBe('enrol');
    expect(answer.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(answer.otpauth_uri).toContain(`secret=${answer.secret}`);
    expect(answer.qr_svg).toMatch(/^<svg /);
    // The session id rotated to a staff-shaped one; it is only half signed in.
    expect(isStaffSessionId(sidOf(browser))).toBe(true);
    expect(sidOf(browser)).not.toBe(sidOf(before));
    expect((await getMe(t.app, browser)).statusCode).toBe(401);
    // Stored encrypted only.
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(row?.totpSecretEncrypted).toMatch(/^v1\./);
    expect(row?.totpSecretEncrypted).not.toContain(answer.secret);
    expect(row?.factorConfirmedAt).toBeNull();

    // Signing in again before enrolling shows the same pending secret.
    const again = await postPassword(t.app, await freshBrowser(t.app), 'new.starter', STAFF_PASSWORD);
    expect(again.response.json().data.secret).toBe(answer.secret);

    const code = await postCode(t.app, browser, totpCode(answer.secret, t.clock.now()));
    expect(code.response.statusCode, code.response.body).toBe(200);
    expect(code.response.json().data).toMatchObject({
      username: 'new.starter',
      role: 'starter',
      factor_enrolled: true,
    });
    expect(sidOf(code.browser)).not.toBe(sidOf(browser));
    expect((await getMe(t.app, browser)).statusCode).toBe(401);
    const me = await getMe(t.app, code.browser);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: user.id, name: 'New Starter', email: 'new@links.example' });
    expect(Object.keys(me.json().data).sort()).toEqual(
      ['created_at', 'email', 'factor_enrolled', 'id', 'name', 'role', 'status', 'username'].sort(),
    );
    // The enrolled user is asked for a code from now on, never shown the secret again.
    const later = await postPassword(t.app, await freshBrowser(t.app), 'new.starter', STAFF_PASSWORD);
    expect(later.response.json()).toEqual({ data: { stage: 'code' } });
    const actions = (await auditRows(t))
      .filter((row) => row.staffUserId === user.id)
      .map((row) => row.action);
    expect(actions).toEqual(['factor_enrolled', 'sign_in']);
  });

  it('confirming a factor (a new one after a reset) ends every other session of the user', async () => {
    const user = await addStaffUser(t, { enrolled: false });
    // A session left from before the factor was (re)issued: the reset would have ended it; made directly here.
    const leftover = await staffSessionBrowser(t, user.id, 'full');
    expect((await getMe(t.app, leftover)).statusCode).toBe(200);
    const half = await postPassword(t.app, await freshBrowser(t.app), user.username, user.password);
    expect(half.response.json().data).toMatchObject({ stage: 'enrol', secret: user.secret });
    const full = await postCode(t.app, half.browser, totpCode(user.secret, t.clock.now()));
    expect(full.response.statusCode, full.response.body).toBe(200);
    expect((await getMe(t.app, leftover)).statusCode).toBe(401);
    expect((await getMe(t.app, full.browser)).statusCode).toBe(200);
  });

  it('answers a wrong password, an unknown username and a wrong code alike, and audits each', async () => {
    const user = await addStaffUser(t);
    const wrong = await postPassword(
      t.app,
      await freshBrowser(t.app),
      user.username,
      'Not-The-Password-1!',
      '10.0.0.1',
    );
    const unknown = await postPassword(
      t.app,
      await freshBrowser(t.app),
      'nobody.here',
      'Not-The-Password-1!',
      '10.0.0.2',
    );
    expect(wrong.response.statusCode).toBe(401);
    expect(unknown.response.body).toBe(wrong.response.body);
    expect(wrong.response.json()).toEqual({
      error: { code: 'invalid_credentials', message: STAFF_INVALID_CREDENTIALS_MESSAGE },
    });
    expect(sessionCookie(wrong.response)).toBeUndefined();

    const half = await postPassword(
      t.app,
      await freshBrowser(t.app),
      user.username,
      user.password,
      '10.0.0.3',
    );
    expect(half.response.json()).toEqual({ data: { stage: 'code' } });
    const right = await codeFor(user);
    const badCode = await postCode(t.app, half.browser, wrongCode(right), '10.0.0.3');
    expect(badCode.response.statusCode).toBe(401);
    expect(badCode.response.body).toBe(wrong.response.body);
    // The half session survives a wrong code: the right one still signs in.
    expect((await postCode(t.app, half.browser, right, '10.0.0.3')).response.statusCode).toBe(200);

    const failures = (await auditRows(t)).filter((row) => row.action === 'sign_in_failed');
    expect(failures.map((row) => [row.actor, row.staffUserId, row.targetId, row.after])).toEqual([
      ['anonymous', null, String(user.id), { step: 'password' }],
      ['anonymous', null, null, { step: 'password' }],
      ['staff', user.id, String(user.id), { step: 'code' }],
    ]);
  });

  it('refuses a code whose time step was already used (no replay), even from another browser', async () => {
    const user = await addStaffUser(t);
    const first = await postPassword(t.app, await freshBrowser(t.app), user.username, user.password);
    const second = await postPassword(t.app, await freshBrowser(t.app), user.username, user.password);
    const code = await codeFor(user);
    expect((await postCode(t.app, first.browser, code)).response.statusCode).toBe(200);
    const replay = await postCode(t.app, second.browser, code);
    expect(replay.response.statusCode).toBe(401);
    expect(replay.response.json().error.code).toBe('invalid_credentials');
    // The previous step's code (still inside the ±1 window) is older than the one used: refused too.
    const previous = totpCode(user.secret, new Date(t.clock.now().getTime() - 30_000));
    expect((await postCode(t.app, second.browser, previous)).response.statusCode).toBe(401);
    // The next step's code is fresh.
    const next = totpCode(user.secret, new Date(t.clock.now().getTime() + 30_000));
    expect((await postCode(t.app, second.browser, next)).response.statusCode).toBe(200);
  });

  it('accepts a code one step either side of the server clock', async () => {
    const user = await addStaffUser(t);
    for (const offset of [-30_000, 30_000]) {
      const at = await nextFreshStep(t, user.id);
      const half = await postPassword(t.app, await freshBrowser(t.app), user.username, user.password);
      const code = totpCode(user.secret, new Date(at.getTime() + offset));
      expect((await postCode(t.app, half.browser, code)).response.statusCode, `offset ${offset}`).toBe(200);
      t.clock.pin(new Date(at.getTime() + 120_000));
    }
  });

  it('gives the code step 5 minutes', async () => {
    const user = await addStaffUser(t);
    const start = new Date();
    t.clock.pin(start);
    const half = await postPassword(t.app, await freshBrowser(t.app), user.username, user.password);
    t.clock.pin(new Date(start.getTime() + 5 * 60_000 + 1_000));
    const late = await postCode(t.app, half.browser, totpCode(user.secret, t.clock.now()));
    expect(late.response.statusCode).toBe(401);
    expect(late.response.json().error).toEqual({
      code: 'sign_in_expired',
      message: PASSWORD_STAGE_MISSING_MESSAGE,
    });
  });

  it('ends a session after 30 minutes idle and 12 hours in all', async () => {
    const user = await addStaffUser(t);
    const start = new Date();
    t.clock.pin(start);
    const browser = await signInStaff(t, user);
    const signedInAt = t.clock.now().getTime();
    // A request every 29 minutes keeps it alive up to 12 hours...
    let at = signedInAt;
    while (at + 29 * 60_000 < signedInAt + STAFF_MAX_AGE_MS) {
      at += 29 * 60_000;
      t.clock.pin(new Date(at));
      expect((await getMe(t.app, browser)).statusCode, `at ${(at - signedInAt) / 60_000} min`).toBe(200);
    }
    // ...but not past them.
    t.clock.pin(new Date(signedInAt + STAFF_MAX_AGE_MS + 1_000));
    expect((await getMe(t.app, browser)).statusCode).toBe(401);

    const second = await signInStaff(t, user);
    const secondAt = t.clock.now().getTime();
    t.clock.pin(new Date(secondAt + STAFF_IDLE_MS - 60_000));
    expect((await getMe(t.app, second)).statusCode).toBe(200);
    t.clock.pin(new Date(secondAt + 2 * STAFF_IDLE_MS - 60_000 + 1_000));
    expect((await getMe(t.app, second)).statusCode).toBe(401);
  });

  it('stores only the hash of the session id, and a re-sign-in from the same browser replaces its session', async () => {
    const user = await addStaffUser(t);
    const browser = await signInStaff(t, user);
    const rows = await t.database.db.select().from(staffSessions);
    expect(rows.map((row) => [row.id, row.stage])).toEqual([[sessionKey(sidOf(browser)), 'full']]);
    await postPassword(t.app, browser, user.username, user.password);
    const after = await t.database.db.select().from(staffSessions);
    expect(after.map((row) => row.stage)).toEqual(['password']);
  });

  it('signs out: the session ends server-side and the sign-out is audited', async () => {
    const user = await addStaffUser(t);
    const browser = await signInStaff(t, user);
    const out = await t.app.inject({ method: 'DELETE', url: '/v1/staff/session', headers: browser.headers });
    expect(out.statusCode, out.body).toBe(200);
    expect(isStaffSessionId(sidOf(browserFrom(out, browser)))).toBe(false);
    expect((await getMe(t.app, browser)).statusCode).toBe(401);
    expect(await t.database.db.select().from(staffSessions)).toHaveLength(0);
    expect((await auditRows(t)).map((row) => row.action)).toContain('sign_out');
  });

  it('refuses a disabled account after the password, with a clear message', async () => {
    const user = await addStaffUser(t);
    await t.database.db.update(staffUsers).set({ status: 'disabled' }).where(eq(staffUsers.id, user.id));
    const refused = await postPassword(t.app, await freshBrowser(t.app), user.username, user.password);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().error.code).toBe('account_disabled');
    const wrong = await postPassword(t.app, await freshBrowser(t.app), user.username, 'Wrong-Password-1!');
    expect(wrong.response.statusCode).toBe(401);
  });

  it('validates the bodies', async () => {
    const empty = await postPassword(t.app, await freshBrowser(t.app), '', '');
    expect(empty.response.statusCode).toBe(400);
    expect(Object.keys(empty.response.json().error.fields).sort()).toEqual(['password', 'username']);
    const user = await addStaffUser(t);
    const half = await postPassword(t.app, await freshBrowser(t.app), user.username, user.password);
    const letters = await postCode(t.app, half.browser, 'abcdef');
    expect(letters.response.statusCode).toBe(400);
    expect(letters.response.json().error.fields).toHaveProperty('code');
  });
});

describe('password change', () => {
  it('checks the current password, ends every other session, keeps this one, and is audited', async () => {
    const user = await addStaffUser(t);
    const elsewhere = await signInStaff(t, user);
    const here = await signInStaff(t, user);
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/staff/me/password',
        headers: here.headers,
        payload: {
          current_password: current,
          password: NEW_STAFF_PASSWORD,
          password_confirmation: NEW_STAFF_PASSWORD,
        },
      });
    const wrong = await change('Not-Current-Password-1!');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('current_password');
    expect((await getMe(t.app, elsewhere)).statusCode).toBe(200);

    const changed = await change(STAFF_PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getMe(t.app, elsewhere)).statusCode).toBe(401);
    expect((await getMe(t.app, here)).statusCode).toBe(200);
    expect(
      (await postPassword(t.app, await freshBrowser(t.app), user.username, STAFF_PASSWORD)).response
        .statusCode,
    ).toBe(401);
    expect(
      (await postPassword(t.app, await freshBrowser(t.app), user.username, NEW_STAFF_PASSWORD)).response
        .statusCode,
    ).toBe(200);
    const [row] = (await auditRows(t)).filter((entry) => entry.action === 'password_changed');
    expect(row).toMatchObject({ staffUserId: user.id, targetType: 'staff_user', targetId: String(user.id) });
    expect(Object.keys(row?.after as object)).toEqual(['password_changed_at']);

    const weak = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/me/password',
      headers: here.headers,
      payload: { current_password: NEW_STAFF_PASSWORD, password: 'short', password_confirmation: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toHaveProperty('password');
  });
});

describe('sign-in limits', () => {
  const accountLimit = STAFF_PASSWORD_RULES.account[0]?.max as number;
  const codeLimit = STAFF_CODE_RULES.account[0]?.max as number;

  it(`locks an account after ${accountLimit} wrong passwords from any address, the right one included`, async () => {
    const user = await addStaffUser(t);
    for (let attempt = 1; attempt <= accountLimit; attempt += 1) {
      const { response } = await postPassword(
        t.app,
        await freshBrowser(t.app),
        user.username,
        'Wrong-Password-1!',
        `10.1.0.${attempt}`,
      );
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const locked = await postPassword(
      t.app,
      await freshBrowser(t.app),
      user.username.toUpperCase(),
      user.password,
      '10.2.0.1',
    );
    expect(locked.response.statusCode).toBe(429);
    expect(locked.response.json().error.code).toBe('login_throttled');
    expect(Number(locked.response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`evaluates at most ${accountLimit} of 30 parallel password guesses`, async () => {
    const user = await addStaffUser(t);
    const browsers = await Promise.all(Array.from({ length: 30 }, () => freshBrowser(t.app)));
    const answers = await Promise.all(
      browsers.map((browser, index) =>
        postPassword(
          t.app,
          browser,
          user.username,
          index === 29 ? user.password : `Wrong-Password-${index}!`,
          `10.3.${index % 3}.1`,
        ),
      ),
    );
    const statuses = answers.map(({ response }) => response.statusCode);
    expect(statuses.filter((status) => status === 200 || status === 401).length).toBeLessThanOrEqual(
      accountLimit,
    );
    expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
  });

  it(`evaluates at most ${codeLimit} of 30 parallel code guesses, and then the right code is refused too`, async () => {
    const user = await addStaffUser(t);
    const halves = [];
    for (let index = 0; index < 30; index += 1) {
      halves.push(
        (
          await postPassword(
            t.app,
            await freshBrowser(t.app),
            user.username,
            user.password,
            `10.4.${index % 3}.1`,
          )
        ).browser,
      );
    }
    const right = await codeFor(user);
    const answers = await Promise.all(
      halves.map((browser, index) =>
        postCode(
          t.app,
          browser,
          String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0'),
          `10.4.${index % 3}.1`,
        ),
      ),
    );
    const statuses = answers.map(({ response }) => response.statusCode);
    expect(statuses.filter((status) => status === 200 || status === 401).length).toBeLessThanOrEqual(
      codeLimit,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30 - codeLimit);
    const late = await postCode(t.app, halves[0] as Browser, right, '10.5.0.1');
    expect(late.response.statusCode).toBe(429);
  });
});
