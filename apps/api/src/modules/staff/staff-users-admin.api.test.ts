import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffSessions, staffUsers } from '../../db/schema/index.ts';
import { LAST_ADMIN_MESSAGE } from './manage-staff-users.ts';
import {
  addStaffUser,
  auditRows,
  freshAppWithSignedInAdminEachTest,
  freshBrowser,
  getMe,
  postPassword,
  STAFF_PASSWORD,
  signInStaff,
} from './test/staff-test-helpers.ts';

const setup = freshAppWithSignedInAdminEachTest();

const NEW_USER = {
  username: 'Desk.One',
  name: 'Desk One',
  email: 'desk.one@links.example',
  role: 'reservations',
};

describe('staff users (admin)', () => {
  it('creates a user with a given password, or generates one shown once; usernames are unique in any case', async () => {
    const created = await setup.send('POST', '/v1/staff/users', { ...NEW_USER, password: STAFF_PASSWORD });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toEqual({
      user: expect.objectContaining({
        username: 'Desk.One',
        role: 'reservations',
        status: 'active',
        factor_enrolled: false,
      }),
    });
    const generated = await setup.send('POST', '/v1/staff/users', { ...NEW_USER, username: 'desk.two' });
    const oneTime = generated.json().data.one_time_password as string;
    expect(oneTime.length).toBeGreaterThanOrEqual(12);
    const signIn = await postPassword(setup.t.app, await freshBrowser(setup.t.app), 'desk.two', oneTime);
    expect(signIn.response.json().data.stage).toBe('enrol');

    const taken = await setup.send('POST', '/v1/staff/users', {
      ...NEW_USER,
      username: 'DESK.ONE',
      password: STAFF_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('username_taken');
    const invalid = await setup.send('POST', '/v1/staff/users', {
      ...NEW_USER,
      role: 'greenkeeper',
      email: 'nope',
      password: 'weak',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual(['email', 'password', 'role']);

    const list = await setup.send('GET', '/v1/staff/users');
    expect(list.json().data.map((user: { username: string }) => user.username)).toEqual([
      'club.admin',
      'Desk.One',
      'desk.two',
    ]);
    expect(JSON.stringify(list.json())).not.toMatch(/password|secret|hash/i);
  });

  it('changes a role at once (the next request reads it)', async () => {
    const desk = await addStaffUser(setup.t, { username: 'desk', role: 'reservations' });
    const deskBrowser = await signInStaff(setup.t, desk);
    expect((await setup.send('GET', '/v1/staff/users', undefined, deskBrowser)).statusCode).toBe(403);
    const promoted = await setup.send('PATCH', `/v1/staff/users/${desk.id}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data.role).toBe('admin');
    expect((await setup.send('GET', '/v1/staff/users', undefined, deskBrowser)).statusCode).toBe(200);
    expect((await setup.send('PATCH', `/v1/staff/users/${desk.id}`, {})).statusCode).toBe(400);
    expect((await setup.send('PATCH', '/v1/staff/users/999999', { role: 'starter' })).statusCode).toBe(404);
  });

  it('disabling signs the user out everywhere and refuses their sign-in; enabling lets them back', async () => {
    const starter = await addStaffUser(setup.t, { username: 'starter', role: 'starter' });
    const starterBrowser = await signInStaff(setup.t, starter);
    const disabled = await setup.send('PATCH', `/v1/staff/users/${starter.id}`, { status: 'disabled' });
    expect(disabled.json().data.status).toBe('disabled');
    expect((await getMe(setup.t.app, starterBrowser)).statusCode).toBe(401);
    expect(
      await setup.t.database.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, starter.id)),
    ).toHaveLength(0);
    expect(
      (await postPassword(setup.t.app, await freshBrowser(setup.t.app), 'starter', STAFF_PASSWORD)).response
        .statusCode,
    ).toBe(403);
    await setup.send('PATCH', `/v1/staff/users/${starter.id}`, { status: 'active' });
    expect(
      (await postPassword(setup.t.app, await freshBrowser(setup.t.app), 'starter', STAFF_PASSWORD)).response
        .statusCode,
    ).toBe(200);
  });

  it('never leaves the resort without an active admin', async () => {
    for (const change of [{ status: 'disabled' }, { role: 'starter' }]) {
      const refused = await setup.send('PATCH', `/v1/staff/users/${setup.admin.id}`, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'last_admin', message: LAST_ADMIN_MESSAGE });
    }
    const second = await addStaffUser(setup.t, { username: 'second.admin', role: 'admin' });
    expect((await setup.send('PATCH', `/v1/staff/users/${second.id}`, { role: 'starter' })).statusCode).toBe(
      200,
    );
    await setup.send('PATCH', `/v1/staff/users/${second.id}`, { role: 'admin' });
    expect(
      (await setup.send('PATCH', `/v1/staff/users/${setup.admin.id}`, { role: 'reservations' })).statusCode,
    ).toBe(200);
  });

  it('resetting a factor ends the user’s sessions and the next sign-in enrols a new secret', async () => {
    const desk = await addStaffUser(setup.t, { username: 'desk', role: 'reservations' });
    const deskBrowser = await signInStaff(setup.t, desk);
    const reset = await setup.send('POST', `/v1/staff/users/${desk.id}/reset-factor`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.factor_enrolled).toBe(false);
    expect((await getMe(setup.t.app, deskBrowser)).statusCode).toBe(401);
    const [row] = await setup.t.database.db.select().from(staffUsers).where(eq(staffUsers.id, desk.id));
    expect(row).toMatchObject({ totpSecretEncrypted: null, factorConfirmedAt: null, totpLastStep: null });
    const again = await postPassword(setup.t.app, await freshBrowser(setup.t.app), 'desk', STAFF_PASSWORD);
    expect(again.response.json().data.stage).toBe('enrol');
    expect(again.response.json().data.secret).not.toBe(desk.secret);
    expect((await setup.send('POST', '/v1/staff/users/999999/reset-factor', {})).statusCode).toBe(404);
    expect((await auditRows(setup.t)).map((entry) => entry.action)).toContain('staff_user.factor_reset');
  });
});
