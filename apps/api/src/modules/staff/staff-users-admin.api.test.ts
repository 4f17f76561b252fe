import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staffSessions, staffUsers } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { Browser } from '../auth/test/auth-test-helpers.ts';
import { LAST_ADMIN_MESSAGE } from './manage-staff-users.ts';
import {
  addStaffUser,
  appWithSignedInAdmin,
  auditRows,
  freshBrowser,
  getMe,
  postPassword,
  STAFF_PASSWORD,
  sendFrom,
  signInStaff,
  type TestStaffUser,
} from './test/staff-test-helpers.ts';

let t: TestApp;
let admin: TestStaffUser;
let adminBrowser: Browser;
beforeEach(async () => {
  ({ t, admin, adminBrowser } = await appWithSignedInAdmin());
});
afterEach(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, browser = adminBrowser) =>
  sendFrom(t.app, browser, method, url, payload);
const NEW_USER = {
  username: 'Desk.One',
  name: 'Desk One',
  email: 'desk.one@links.example',
  role: 'reservations',
};

describe('staff users (admin)', () => {
  it('creates a user with a given password, or generates one shown once; usernames are unique in any case', async () => {
    const created = await send('POST', '/v1/staff/users', { ...NEW_USER, password: STAFF_PASSWORD });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toEqual({
      user: expect.objectContaining({
        username: 'Desk.One',
        role: 'reservations',
        status: 'active',
        factor_enrolled: false,
      }),
    });
    const generated = await send('POST', '/v1/staff/users', { ...NEW_USER, username: 'desk.two' });
    const oneTime = generated.json().data.one_time_password as string;
    expect(oneTime.length).toBeGreaterThanOrEqual(12);
    const signIn = await postPassword(t.app, await freshBrowser(t.app), 'desk.two', oneTime);
    expect(signIn.response.json().data.stage).toBe('enrol');

    const taken = await send('POST', '/v1/staff/users', {
      ...NEW_USER,
      username: 'DESK.ONE',
      password: STAFF_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('username_taken');
    const invalid = await send('POST', '/v1/staff/users', {
      ...NEW_USER,
      role: 'greenkeeper',
      email: 'nope',
      password: 'weak',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual(['email', 'password', 'role']);

    const list = await send('GET', '/v1/staff/users');
    expect(list.json().data.map((user: { username: string }) => user.username)).toEqual([
      'club.admin',
      'Desk.One',
      'desk.two',
    ]);
    expect(JSON.stringify(list.json())).not.toMatch(/password|secret|hash/i);
  });

  it('changes a role at once (the next request reads it)', async () => {
    const desk = await addStaffUser(t, { username: 'desk', role: 'reservations' });
    const deskBrowser = await signInStaff(t, desk);
    expect((await send('GET', '/v1/staff/users', undefined, deskBrowser)).statusCode).toBe(403);
    const promoted = await send('PATCH', `/v1/staff/users/${desk.id}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data.role).toBe('admin');
    expect((await send('GET', '/v1/staff/users', undefined, deskBrowser)).statusCode).toBe(200);
    expect((await send('PATCH', `/v1/staff/users/${desk.id}`, {})).statusCode).toBe(400);
    expect((await send('PATCH', '/v1/staff/users/999999', { role: 'starter' })).statusCode).toBe(404);
  });

  it('disabling signs the user out everywhere and refuses their sign-in; enabling lets them back', async () => {
    const starter = await addStaffUser(t, { username: 'starter', role: 'starter' });
    const starterBrowser = await signInStaff(t, starter);
    const disabled = await send('PATCH', `/v1/staff/users/${starter.id}`, { status: 'disabled' });
    expect(disabled.json().data.status).toBe('disabled');
    expect((await getMe(t.app, starterBrowser)).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, starter.id)),
    ).toHaveLength(0);
    expect(
      (await postPassword(t.app, await freshBrowser(t.app), 'starter', STAFF_PASSWORD)).response.statusCode,
    ).toBe(403);
    await send('PATCH', `/v1/staff/users/${starter.id}`, { status: 'active' });
    expect(
      (await postPassword(t.app, await freshBrowser(t.app), 'starter', STAFF_PASSWORD)).response.statusCode,
    ).toBe(200);
  });

  it('never leaves the resort without an active admin', async () => {
    for (const change of [{ status: 'disabled' }, { role: 'starter' }]) {
      const refused = await send('PATCH', `/v1/staff/users/${admin.id}`, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'last_admin', message: LAST_ADMIN_MESSAGE });
    }
    const second = await addStaffUser(t, { username: 'second.admin', role: 'admin' });
    expect((await send('PATCH', `/v1/staff/users/${second.id}`, { role: 'starter' })).statusCode).toBe(200);
    await send('PATCH', `/v1/staff/users/${second.id}`, { role: 'admin' });
    expect((await send('PATCH', `/v1/staff/users/${admin.id}`, { role: 'reservations' })).statusCode).toBe(
      200,
    );
  });

  it('resetting a factor ends the user’s sessions and the next sign-in enrols a new secret', async () => {
    const desk = await addStaffUser(t, { username: 'desk', role: 'reservations' });
    const deskBrowser = await signInStaff(t, desk);
    const reset = await send('POST', `/v1/staff/users/${desk.id}/reset-factor`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.factor_enrolled).toBe(false);
    expect((await getMe(t.app, deskBrowser)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, desk.id));
    expect(row).toMatchObject({ totpSecretEncrypted: null, factorConfirmedAt: null, totpLastStep: null });
    const again = await postPassword(t.app, await freshBrowser(t.app), 'desk', STAFF_PASSWORD);
    expect(again.response.json().data.stage).toBe('enrol');
    expect(again.response.json().data.secret).not.toBe(desk.secret);
    expect((await send('POST', '/v1/staff/users/999999/reset-factor', {})).statusCode).toBe(404);
    expect((await auditRows(t)).map((entry) => entry.action)).toContain('staff_user.factor_reset');
  });
});
