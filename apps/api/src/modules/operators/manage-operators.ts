import { meetsPasswordCriteria, RESET_PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '@links/shared';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { operators } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { generateOperatorPassword } from './generate-password.ts';
import {
  findOperatorByUsername,
  listAllOperators,
  type Operator,
  setOperatorDepositAmount,
  setOperatorStatus,
} from './operators.repository.ts';

// The resort's operator administration (npm run operator -- ...). Plain functions, so tests call exactly what the
// command line runs.

export const DEFAULT_DEPOSIT_PERCENT = 50;

const depositSchema = z.number().int().min(0).max(100);

const createOperatorSchema = z.object({
  companyName: z.string().trim().min(1).max(200),
  username: z.string().trim().regex(USERNAME_PATTERN),
  email: z.email().max(254),
  depositAmount: depositSchema.default(DEFAULT_DEPOSIT_PERCENT),
  password: z.string().optional(),
});

export type CreateOperatorInput = z.input<typeof createOperatorSchema>;

export type OperatorSummary = Pick<
  Operator,
  'id' | 'companyName' | 'username' | 'email' | 'depositAmount' | 'status' | 'createdAt'
>;

function summary(operator: Operator): OperatorSummary {
  const { id, companyName, username, email, depositAmount, status, createdAt } = operator;
  return { id, companyName, username, email, depositAmount, status, createdAt };
}

const FIELD_PROBLEMS: Record<string, string> = {
  companyName: 'The company name must be 1 to 200 characters.',
  username: 'The username must be 3 to 64 letters, digits or . _ @ - characters.',
  email: 'The e-mail address is not valid.',
  depositAmount: 'The deposit must be a whole percentage from 0 to 100.',
};

/**
 * Creates an active operator. Without `password` a strong one is generated and returned once (only its hash is
 * kept); a given password must meet the reset criteria, like any password the operator sets later.
 */
export async function createOperator(
  db: DbOrTx,
  input: CreateOperatorInput,
  now = new Date(),
): Promise<{ operator: OperatorSummary; password: string; generated: boolean }> {
  const parsed = createOperatorSchema.safeParse(input);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    throw badRequest(FIELD_PROBLEMS[field] ?? 'The operator details are not valid.');
  }
  const values = parsed.data;
  const generated = values.password === undefined;
  const password = values.password ?? generateOperatorPassword();
  if (!meetsPasswordCriteria(password, RESET_PASSWORD_MIN_LENGTH)) {
    throw badRequest(
      `The password must be at least ${RESET_PASSWORD_MIN_LENGTH} characters with upper and lower case letters, a digit and a symbol.`,
    );
  }
  if (await findOperatorByUsername(db, values.username)) {
    throw conflict(`An operator with the username ${values.username} already exists.`, 'username_taken');
  }
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(operators)
    .values({
      companyName: values.companyName,
      username: values.username,
      email: values.email,
      depositAmount: values.depositAmount,
      passwordHash,
      passwordChangedAt: now,
      // A generated password is a one-time password, read by whoever ran the command: the operator must choose their
      // own before booking (issue 24). A password given to the command is the caller's own choice.
      passwordMustChange: generated,
      createdAt: now,
      updatedAt: now,
    })
    // A concurrent create of the same username loses here rather than failing on the unique index.
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw conflict(`An operator with the username ${values.username} already exists.`, 'username_taken');
  return { operator: summary(row), password, generated };
}

async function requireOperator(db: Db, username: string): Promise<Operator> {
  const operator = await findOperatorByUsername(db, username);
  if (!operator) throw notFound(`No operator has the username ${username}.`, 'operator_not_found');
  // A colleague has no terms or status of their own: their company's account holds them.
  if (operator.companyId !== null) {
    throw badRequest(
      `${username} is a colleague at ${operator.companyName}: change the company's account instead.`,
    );
  }
  return operator;
}

/** Disables the account and ends all of its sessions. */
export async function disableOperator(db: Db, username: string, now = new Date()): Promise<OperatorSummary> {
  const operator = await requireOperator(db, username);
  await db.transaction((tx) => setOperatorStatus(tx, operator.id, 'disabled', now));
  return summary({ ...operator, status: 'disabled' });
}

export async function enableOperator(db: Db, username: string, now = new Date()): Promise<OperatorSummary> {
  const operator = await requireOperator(db, username);
  await setOperatorStatus(db, operator.id, 'active', now);
  return summary({ ...operator, status: 'active' });
}

export async function setOperatorDeposit(
  db: Db,
  username: string,
  percent: number,
  now = new Date(),
): Promise<OperatorSummary> {
  if (!depositSchema.safeParse(percent).success) throw badRequest(FIELD_PROBLEMS.depositAmount as string);
  const operator = await requireOperator(db, username);
  await setOperatorDepositAmount(db, operator.id, percent, now);
  return summary({ ...operator, depositAmount: percent });
}

export async function listOperators(db: Db): Promise<OperatorSummary[]> {
  return (await listAllOperators(db)).map(summary);
}
