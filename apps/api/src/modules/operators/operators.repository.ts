import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { operatorSessions, operators, passwordResetTokens } from '../../db/schema/index.ts';
import { accountLookups } from '../../lib/account-rows.ts';

export type Operator = typeof operators.$inferSelect;
export type NewOperator = typeof operators.$inferInsert;

export const { byUsername: findOperatorByUsername, byId: findOperatorById } = accountLookups(operators);

/** Every company account (colleagues are listed with their company, not as operators of their own). */
export async function listAllOperators(db: DbOrTx): Promise<Operator[]> {
  return db.select().from(operators).where(isNull(operators.companyId)).orderBy(asc(operators.id));
}

export type OperatorContactUpdate = Pick<
  NewOperator,
  | 'title'
  | 'email'
  | 'telephoneCountryCode'
  | 'telephoneNumber'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'county'
  | 'postCode'
  | 'countryCode'
>;

export async function updateOperatorContact(
  db: DbOrTx,
  id: number,
  contact: OperatorContactUpdate,
  now: Date,
): Promise<Operator | undefined> {
  const [row] = await db
    .update(operators)
    .set({ ...contact, updatedAt: now })
    .where(eq(operators.id, id))
    .returning();
  return row;
}

/**
 * Stores a new password hash and voids everything the old password vouched for: every unused reset token and every
 * session except `keepSessionKey` (the caller's own, when a signed-in operator changes it). Run in a transaction.
 */
export async function replaceOperatorPassword(
  db: DbOrTx,
  id: number,
  passwordHash: string,
  now: Date,
  keepSessionKey?: string,
): Promise<void> {
  await db
    .update(operators)
    .set({ passwordHash, passwordChangedAt: now, passwordMustChange: false, updatedAt: now })
    .where(eq(operators.id, id));
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.operatorId, id), isNull(passwordResetTokens.usedAt)));
  await db
    .delete(operatorSessions)
    .where(
      keepSessionKey
        ? and(eq(operatorSessions.operatorId, id), ne(operatorSessions.id, keepSessionKey))
        : eq(operatorSessions.operatorId, id),
    );
}

export async function setOperatorStatus(
  db: DbOrTx,
  id: number,
  status: Operator['status'],
  now: Date,
): Promise<void> {
  // A company's colleagues have no status of their own: they are enabled and disabled with it.
  const companyAndColleagues = or(eq(operators.id, id), eq(operators.companyId, id));
  await db.update(operators).set({ status, updatedAt: now }).where(companyAndColleagues);
  // A disabled account is signed out everywhere at once, not when its sessions happen to expire.
  if (status === 'disabled') {
    await db
      .delete(operatorSessions)
      .where(
        inArray(
          operatorSessions.operatorId,
          db.select({ id: operators.id }).from(operators).where(companyAndColleagues),
        ),
      );
  }
}

export async function setOperatorDepositAmount(
  db: DbOrTx,
  id: number,
  depositAmount: number,
  now: Date,
): Promise<void> {
  await db.update(operators).set({ depositAmount, updatedAt: now }).where(eq(operators.id, id));
}
