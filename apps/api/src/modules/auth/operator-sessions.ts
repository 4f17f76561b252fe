import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { operatorSessions, operators } from '../../db/schema/index.ts';
import { sessionRows } from '../../lib/session-rows.ts';
import { isOperatorSessionId, sessionKey } from '../../lib/session-token.ts';
import type { Operator } from '../operators/operators.repository.ts';

/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** ...and this long after sign-in, however active. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
const SESSIONS = sessionRows(operatorSessions, operatorSessions.operatorId, SESSION_IDLE_MS);

/**
 * `operator` is the company: whose bookings, terms, deposit and trade rate apply. `user` is the person signed in: the
 * company's own account (its administrator, the same row) or one of its colleagues (issue 24), whose password and
 * sessions are their own.
 */
export type SignedInOperator = { operator: Operator; user: Operator; sessionKey: string };

const company = alias(operators, 'company');

/** Records a server-side session for a freshly issued session id (the cookie's id; only its hash is stored). */
export async function createOperatorSession(
  db: DbOrTx,
  sessionId: string,
  operatorId: number,
  now: Date,
): Promise<void> {
  await db.insert(operatorSessions).values({
    id: sessionKey(sessionId),
    operatorId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
  });
  // Housekeeping on the operator's own rows: expired sessions go when the operator next signs in.
  await SESSIONS.dropLapsed(db, operatorId, now);
}

/**
 * The active operator signed in with this session id, or null (no cookie, a visitor's id, unknown, expired, idle too
 * long, or the account or its company disabled). Refreshes the idle clock. Only operator sign-in issues operator-shaped ids
 * (isOperatorSessionId), so a visitor's request, a booking for example, costs no query.
 */
export async function findSignedInOperator(
  db: DbOrTx,
  sessionId: string | null,
  now: Date,
): Promise<SignedInOperator | null> {
  if (!sessionId || !isOperatorSessionId(sessionId)) return null;
  const key = sessionKey(sessionId);
  const [row] = await db
    .select({ user: operators, operator: company, lastSeenAt: operatorSessions.lastSeenAt })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .innerJoin(company, eq(company.id, sql`coalesce(${operators.companyId}, ${operators.id})`))
    .where(and(...SESSIONS.live(key, now), eq(operators.status, 'active'), eq(company.status, 'active')))
    .limit(1);
  if (!row) return null;
  await SESSIONS.touch(db, key, row.lastSeenAt, now);
  return { operator: row.operator, user: row.user, sessionKey: key };
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await SESSIONS.delete(db, sessionKey(sessionId));
}
