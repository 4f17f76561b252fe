import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffUsers } from '../../db/schema/index.ts';
import {
  addStaffUser,
  auditRows,
  freshAppWithSignedInAdminEachTest,
  freshBrowser,
  NEW_STAFF_PASSWORD,
  postCode,
  postPassword,
  STAFF_PASSWORD,
  signInStaff,
} from './test/staff-test-helpers.ts';
import { totpCode } from './totp.ts';

// Issue 22: every staff action leaves a row (who, when, what, before, after) written in the transaction of the
// change, and the log never holds a password hash or a factor secret.

const setup = freshAppWithSignedInAdminEachTest();

/** Every staff action once: sign-in (and a failed one), user changes, password change, sign-out. */
async function everyAction() {
  const created = await setup.send('POST', '/v1/staff/users', {
    username: 'desk',
    name: 'Desk Clerk',
    email: 'desk@links.example',
    role: 'starter',
    password: STAFF_PASSWORD,
  });
  const deskId = created.json().data.user.id as number;
  const enrol = await postPassword(setup.t.app, await freshBrowser(setup.t.app), 'desk', STAFF_PASSWORD);
  const secret = enrol.response.json().data.secret as string;
  const desk = await postCode(setup.t.app, enrol.browser, totpCode(secret, setup.t.clock.now()));
  expect(desk.response.statusCode).toBe(200);
  await postPassword(setup.t.app, await freshBrowser(setup.t.app), 'desk', 'Wrong-Password-1!');
  await setup.send('PATCH', `/v1/staff/users/${deskId}`, { role: 'reservations' });
  await setup.send('PATCH', `/v1/staff/users/${deskId}`, { status: 'disabled' });
  await setup.send('PATCH', `/v1/staff/users/${deskId}`, { status: 'active' });
  await setup.send('POST', `/v1/staff/users/${deskId}/reset-factor`, {});
  await setup.send('POST', '/v1/staff/me/password', {
    current_password: STAFF_PASSWORD,
    password: NEW_STAFF_PASSWORD,
    password_confirmation: NEW_STAFF_PASSWORD,
  });
  await setup.send('DELETE', '/v1/staff/session', {});
  return { deskId, secret };
}

describe('the staff audit log', () => {
  it('records every staff action with who, when, what, before and after', async () => {
    const start = (await auditRows(setup.t)).length;
    const { deskId } = await everyAction();
    const rows = (await auditRows(setup.t)).slice(start);
    const desk = String(deskId);
    expect(
      rows.map((row) => [row.action, row.actor, row.staffUserId, row.targetId, row.before, row.after]),
    ).toEqual([
      [
        'staff_user.created',
        'staff',
        setup.admin.id,
        desk,
        null,
        {
          username: 'desk',
          name: 'Desk Clerk',
          email: 'desk@links.example',
          role: 'starter',
          status: 'active',
          factor_enrolled: false,
        },
      ],
      ['factor_enrolled', 'staff', deskId, desk, { factor_enrolled: false }, { factor_enrolled: true }],
      ['sign_in', 'staff', deskId, null, null, null],
      ['sign_in_failed', 'anonymous', null, desk, null, { step: 'password' }],
      [
        'staff_user.role_changed',
        'staff',
        setup.admin.id,
        desk,
        { role: 'starter' },
        { role: 'reservations' },
      ],
      ['staff_user.disabled', 'staff', setup.admin.id, desk, { status: 'active' }, { status: 'disabled' }],
      ['staff_user.enabled', 'staff', setup.admin.id, desk, { status: 'disabled' }, { status: 'active' }],
      [
        'staff_user.factor_reset',
        'staff',
        setup.admin.id,
        desk,
        { factor_enrolled: true },
        { factor_enrolled: false },
      ],
      [
        'password_changed',
        'staff',
        setup.admin.id,
        String(setup.admin.id),
        { password_changed_at: expect.any(String) },
        { password_changed_at: expect.any(String) },
      ],
      ['sign_out', 'staff', setup.admin.id, null, null, null],
    ]);
    for (const row of rows)
      expect(Math.abs(row.at.getTime() - setup.t.clock.now().getTime())).toBeLessThan(60_000);
  });

  it('never holds a password hash, a password or a factor secret', async () => {
    const { secret } = await everyAction();
    const users = await setup.t.database.db.select().from(staffUsers);
    const forbidden = [
      STAFF_PASSWORD,
      NEW_STAFF_PASSWORD,
      setup.admin.secret,
      secret,
      ...users.flatMap((user) =>
        [user.passwordHash, user.totpSecretEncrypted].filter((value) => value !== null),
      ),
    ];
    expect(forbidden.length).toBeGreaterThanOrEqual(6);
    const rows = await auditRows(setup.t);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      const text = JSON.stringify([row.before, row.after]);
      for (const value of forbidden) expect(text, row.action).not.toContain(value as string);
      const keys = [row.before, row.after].flatMap((values) => Object.keys(values ?? {}));
      expect(
        keys.filter((key) => /hash|secret|totp|^password$/i.test(key)),
        row.action,
      ).toEqual([]);
    }
  });

  it('is written in the transaction of the change: when the row cannot be written, the change does not happen', async () => {
    const desk = await addStaffUser(setup.t, { username: 'desk', role: 'starter' });
    // The log refuses this one action (a check only this test adds): the role change must roll back with it.
    await setup.t.database.db.execute(
      sql`alter table staff_audit_log add constraint test_refuse_role_change check (action <> 'staff_user.role_changed')`,
    );
    const refused = await setup.send('PATCH', `/v1/staff/users/${desk.id}`, { role: 'admin' });
    expect(refused.statusCode).toBe(500);
    const [row] = await setup.t.database.db.select().from(staffUsers).where(eq(staffUsers.id, desk.id));
    expect(row?.role).toBe('starter');
  });

  it('is read by admins newest first, filtered by user, action and time, a page at a time', async () => {
    const startedAt = setup.t.clock.now();
    const { deskId } = await everyAction();
    // everyAction signed the admin out.
    const again = await signInStaff(setup.t, { ...setup.admin, password: NEW_STAFF_PASSWORD });
    const read = (query: string) => setup.send('GET', `/v1/staff/audit${query}`, undefined, again);

    const all = await read('');
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json().data;
    expect(page).toMatchObject({ page: 1, page_size: 50 });
    expect(page.total).toBe(page.entries.length);
    const ats = page.entries.map((entry: { at: string }) => entry.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    const byDesk = (await read(`?staff_user_id=${deskId}`)).json().data;
    expect(byDesk.entries.map((entry: { action: string }) => entry.action).sort()).toEqual([
      'factor_enrolled',
      'sign_in',
    ]);
    // Each names the staff member, as the list of users does.
    expect(byDesk.entries.map((entry: { staff_name: string | null }) => entry.staff_name)).toEqual([
      'Desk Clerk',
      'Desk Clerk',
    ]);
    const failures = (await read('?action=sign_in_failed')).json().data;
    expect(failures.total).toBe(1);
    expect(failures.entries[0]).toMatchObject({
      actor: 'anonymous',
      staff_name: null,
      target_type: 'staff_user',
      target_id: String(deskId),
    });

    const paged = (await read('?page=2&page_size=3')).json().data;
    expect(paged).toMatchObject({ page: 2, page_size: 3, total: page.total });
    expect(paged.entries).toEqual(page.entries.slice(3, 6));

    const future = new Date(startedAt.getTime() + 365 * 86_400_000).toISOString();
    expect((await read(`?from=${encodeURIComponent(future)}`)).json().data.total).toBe(0);
    expect((await read(`?to=${encodeURIComponent(startedAt.toISOString())}`)).json().data.total).toBe(
      page.entries.filter((entry: { at: string }) => entry.at < startedAt.toISOString()).length,
    );
    expect((await read('?from=yesterday')).statusCode).toBe(400);
    // An action is one of those the log records.
    const unknown = await read('?action=staff.sign_in');
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().error)).toContain('Please choose an action from the list');
  });
});
