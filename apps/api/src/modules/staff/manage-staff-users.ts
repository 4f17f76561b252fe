import {
  type CreateStaffUserRequest,
  createStaffUserRequestSchema,
  type StaffRole,
  type StaffUser,
  type UpdateStaffUserRequest,
} from '@links/shared';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { staffUsers } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { generateOperatorPassword } from '../operators/generate-password.ts';
import { type AuditActor, auditedStaffUser, recordAudit } from './audit-log.ts';
import { type Enrolment, issuePendingFactor } from './staff-factor.ts';
import { endStaffSessions } from './staff-sessions.ts';
import { staffUserView } from './staff-user-view.ts';
import {
  findStaffUserByUsername,
  insertStaffUser,
  listAllStaffUsers,
  lockStaffUser,
  type StaffUserRow,
  setPendingFactor,
  updateStaffUser,
} from './staff-users.repository.ts';

// The staff administration: what an admin does through /v1/staff/users and what `npm run staff` does, the same
// functions, each change with its audit row in one transaction.

export type StaffAdminDeps = { db: Db; config: Pick<AppConfig, 'staffFactorKey'> };

const usernameTaken = (username: string) =>
  conflict(`A staff user with the username ${username} already exists.`, 'username_taken');

/**
 * Creates an active staff user. Without a password one is generated and returned once (only its hash is kept).
 * `withFactor` (the command line) also issues the TOTP secret at once, to be shown once; otherwise the user enrols
 * at first sign-in.
 */
export async function createStaffUser(
  { db, config }: StaffAdminDeps,
  input: CreateStaffUserRequest,
  actor: AuditActor,
  now: Date,
  options: { withFactor: boolean } = { withFactor: false },
): Promise<{ user: StaffUser; password: string; generated: boolean; enrolment: Enrolment | null }> {
  const parsed = createStaffUserRequestSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The staff user is not valid.');
  const values = parsed.data;
  const generated = values.password === undefined;
  const password = values.password ?? generateOperatorPassword();
  if (await findStaffUserByUsername(db, values.username)) throw usernameTaken(values.username);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await insertStaffUser(tx, {
      username: values.username,
      name: values.name,
      email: values.email,
      role: values.role,
      passwordHash,
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw usernameTaken(values.username);
    // The secret is bound to the row's id, so it is issued once the row exists.
    const enrolment = options.withFactor ? await issuePendingFactor(tx, config, row, now) : null;
    await recordAudit(tx, {
      actor,
      action: 'staff_user.created',
      target: { type: 'staff_user', id: row.id },
      after: auditedStaffUser(row),
      at: now,
    });
    return { user: staffUserView(row), password, generated, enrolment };
  });
}

export async function listStaffUsers(db: DbOrTx): Promise<StaffUser[]> {
  return (await listAllStaffUsers(db)).map(staffUserView);
}

export async function staffUserIdByUsername(db: DbOrTx, username: string): Promise<number> {
  const user = await findStaffUserByUsername(db, username);
  if (!user) throw staffUserNotFound();
  return user.id;
}

const staffUserNotFound = () => notFound('There is no such staff user.', 'staff_user_not_found');

export const LAST_ADMIN_MESSAGE =
  'This is the only active administrator: make someone else an administrator first.';

/** Refuses a change that would leave no active admin. Locks the admins, so two such changes cannot both pass. */
async function keepOneActiveAdmin(tx: DbOrTx, user: StaffUserRow, next: { role: StaffRole; status: string }) {
  const wasActiveAdmin = user.role === 'admin' && user.status === 'active';
  const staysActiveAdmin = next.role === 'admin' && next.status === 'active';
  if (!wasActiveAdmin || staysActiveAdmin) return;
  const admins = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.status, 'active')))
    .for('update');
  if (admins.every((admin) => admin.id === user.id)) throw conflict(LAST_ADMIN_MESSAGE, 'last_admin');
}

/** Changes the role and/or status: one audit row per change; disabling ends every session of the user. */
export async function updateStaffUserAccess(
  db: Db,
  id: number,
  change: UpdateStaffUserRequest,
  actor: AuditActor,
  now: Date,
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const user = await lockStaffUser(tx, id);
    if (!user) throw staffUserNotFound();
    const role = change.role ?? user.role;
    const status = change.status ?? user.status;
    await keepOneActiveAdmin(tx, user, { role, status });
    if (role === user.role && status === user.status) return staffUserView(user);
    const updated = (await updateStaffUser(tx, id, { role, status, updatedAt: now })) as StaffUserRow;
    const target = { type: 'staff_user', id } as const;
    if (role !== user.role) {
      await recordAudit(tx, {
        actor,
        action: 'staff_user.role_changed',
        target,
        before: { role: user.role },
        after: { role },
        at: now,
      });
    }
    if (status !== user.status) {
      // Disabled means signed out everywhere at once, not when the sessions happen to lapse.
      if (status === 'disabled') await endStaffSessions(tx, id);
      await recordAudit(tx, {
        actor,
        action: status === 'disabled' ? 'staff_user.disabled' : 'staff_user.enabled',
        target,
        before: { status: user.status },
        after: { status },
        at: now,
      });
    }
    return staffUserView(updated);
  });
}

/** Forgets the user's factor (a lost phone): every session ends, and the next sign-in enrols a new one. */
export async function resetStaffFactor(db: Db, id: number, actor: AuditActor, now: Date): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const user = await lockStaffUser(tx, id);
    if (!user) throw staffUserNotFound();
    await setPendingFactor(tx, id, null, now);
    await endStaffSessions(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'staff_user.factor_reset',
      target: { type: 'staff_user', id },
      before: { factor_enrolled: user.factorConfirmedAt !== null },
      after: { factor_enrolled: false },
      at: now,
    });
    return staffUserView({ ...user, totpSecretEncrypted: null, factorConfirmedAt: null, totpLastStep: null });
  });
}
