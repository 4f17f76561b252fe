import {
  COLLEAGUE_MESSAGES,
  type Colleague,
  type InviteColleagueRequest,
  MAX_COLLEAGUES,
} from '@links/shared/schemas/operator-colleagues';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { operators } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { queuePasswordLink } from '../auth/password-reset.ts';
import { generateOperatorPassword } from './generate-password.ts';
import { findOperatorByUsername, type Operator } from './operators.repository.ts';

// Colleagues (issue 24): more people booking for one tour-operator company, each with their own sign-in. A colleague
// is an operator row pointing at its company (operators.company_id); the company's own account is the administrator.
// Sessions, sign-in limits, reset links and the one-time password rule work on a colleague's row as on any account;
// bookings, terms, deposit and trade rate are the company's (findSignedInOperator answers both rows).

export type ColleagueDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db'>;
type SignedIn = { operator: Operator; user: Operator };

export const ADMINISTRATOR_ONLY_MESSAGE =
  "Only your company's administrator can do that: the account your company was given by the resort.";

/** The company's own account administers it; a colleague may not (403 `administrator_only`). */
export function requireAdministrator(signedIn: SignedIn): Operator {
  if (signedIn.user.companyId !== null) throw forbidden(ADMINISTRATOR_ONLY_MESSAGE, 'administrator_only');
  return signedIn.operator;
}

function view(row: Operator): Colleague {
  return {
    id: row.id,
    name: row.personName,
    email_address: row.email,
    // The invitation's random password is known to nobody; choosing one through the link clears the flag.
    status: row.passwordMustChange ? 'invited' : 'active',
    invited_at: row.createdAt.toISOString(),
  };
}

export async function listColleagues(db: DbOrTx, companyId: number): Promise<Colleague[]> {
  const rows = await db
    .select()
    .from(operators)
    .where(eq(operators.companyId, companyId))
    .orderBy(asc(operators.personName), asc(operators.id));
  return rows.map(view);
}

const emailTaken = () =>
  conflict(COLLEAGUE_MESSAGES.taken, 'username_taken', { email_address: COLLEAGUE_MESSAGES.taken });

/**
 * Opens a colleague's account (username: their e-mail address) with a random password nobody is told, and e-mails
 * them a link to choose their own, valid for days like a new company's welcome. The company row is locked, so two
 * invitations at once cannot pass the cap together; the account and its e-mail commit together.
 */
export async function inviteColleague(
  deps: ColleagueDeps,
  company: Operator,
  request: InviteColleagueRequest,
): Promise<Colleague> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const username = request.email_address.toLowerCase();
  if (await findOperatorByUsername(db, username)) throw emailTaken();
  const passwordHash = await hashPassword(generateOperatorPassword());
  return db.transaction(async (tx) => {
    await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, company.id)).for('update');
    const [count] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(operators)
      .where(eq(operators.companyId, company.id));
    if (Number(count?.n ?? 0) >= MAX_COLLEAGUES) {
      throw new AppError('colleague_limit_reached', 422, COLLEAGUE_MESSAGES.limit);
    }
    const [row] = await tx
      .insert(operators)
      .values({
        companyId: company.id,
        personName: request.name,
        // A copy for the colleague's own e-mails (reset links name the company); terms are read from the company.
        companyName: company.companyName,
        username,
        email: request.email_address,
        depositAmount: company.depositAmount,
        tradeDiscountPercent: company.tradeDiscountPercent,
        status: company.status,
        passwordHash,
        passwordChangedAt: now,
        passwordMustChange: true,
        createdAt: now,
        updatedAt: now,
      })
      // The same e-mail address invited twice at once: the second loses here, not on the unique index.
      .onConflictDoNothing()
      .returning();
    if (!row) throw emailTaken();
    await queuePasswordLink(tx, config, row, now, 'invitation');
    return view(row);
  });
}

/**
 * Removes a colleague of this company: their account, sessions and open links go at once (cascade), so they are
 * signed out everywhere; the bookings they made are the company's and stay. Another company's colleague is unknown.
 */
export async function removeColleague(
  db: DbOrTx,
  companyId: number,
  colleagueId: number,
): Promise<Colleague> {
  const [row] = await db
    .delete(operators)
    .where(and(eq(operators.id, colleagueId), eq(operators.companyId, companyId)))
    .returning();
  if (!row) throw notFound(COLLEAGUE_MESSAGES.notFound, 'colleague_not_found');
  return view(row);
}
