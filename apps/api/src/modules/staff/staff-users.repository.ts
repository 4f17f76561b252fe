import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffUsers } from '../../db/schema/index.ts';
import { accountLookups } from '../../lib/account-rows.ts';

export type StaffUserRow = typeof staffUsers.$inferSelect;
export type NewStaffUserRow = typeof staffUsers.$inferInsert;

export const { byUsername: findStaffUserByUsername, byId: findStaffUserById } = accountLookups(staffUsers);

/** The row locked for the rest of the transaction (changes that read, decide, then write). */
export async function lockStaffUser(db: DbOrTx, id: number): Promise<StaffUserRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  return row;
}

export async function listAllStaffUsers(db: DbOrTx): Promise<StaffUserRow[]> {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.id));
}

/** Inserts the user, or returns undefined when the username (in any case) is taken, even by a concurrent insert. */
export async function insertStaffUser(
  db: DbOrTx,
  values: NewStaffUserRow,
): Promise<StaffUserRow | undefined> {
  const [row] = await db.insert(staffUsers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateStaffUser(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<StaffUserRow, 'role' | 'status' | 'passwordHash' | 'passwordChangedAt'>> & {
    updatedAt: Date;
  },
): Promise<StaffUserRow | undefined> {
  const [row] = await db.update(staffUsers).set(values).where(eq(staffUsers.id, id)).returning();
  return row;
}

/** Stores a new (encrypted) secret, not yet confirmed; no step of it has been used. */
export async function setPendingFactor(
  db: DbOrTx,
  id: number,
  secretEncrypted: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(staffUsers)
    .set({
      totpSecretEncrypted: secretEncrypted,
      factorConfirmedAt: null,
      totpLastStep: null,
      updatedAt: now,
    })
    .where(eq(staffUsers.id, id));
}

/**
 * Records `step` as used, only if no step as late has been: one conditional UPDATE, so of two requests carrying the
 * same code (or two codes of the window) at once, exactly one wins, on any number of instances. False: replayed.
 * Also confirms a pending factor (its first right code).
 */
export async function claimTotpStep(db: DbOrTx, id: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({
      totpLastStep: step,
      factorConfirmedAt: sql`coalesce(${staffUsers.factorConfirmedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(staffUsers.id, id), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return rows.length === 1;
}
