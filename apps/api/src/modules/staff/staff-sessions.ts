import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffSessions, staffUsers } from '../../db/schema/index.ts';
import { sessionRows } from '../../lib/session-rows.ts';
import { isStaffSessionId, sessionKey } from '../../lib/session-token.ts';
import type { StaffUserRow } from './staff-users.repository.ts';

// Staff sessions live in staff_sessions, keyed by sessionKey(session id); only `st_` ids (issued by staff sign-in) are
// ever looked up. Two stages: 'password' (the password was right, the code is pending) and 'full'. Each sign-in step
// issues a new id (reply.issueSession('staff')), so an id planted before sign-in never gains anything.

/** A password-stage session lasts this long: time to open the authenticator app and type a code. */
export const PASSWORD_STAGE_MS = 5 * 60 * 1000;
/** A full session ends after this long without a request... */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
/** ...and this long after sign-in, however active. */
export const STAFF_MAX_AGE_MS = 12 * 60 * 60 * 1000;
const SESSIONS = sessionRows(staffSessions, staffSessions.staffUserId, STAFF_IDLE_MS);

export type StaffSessionStage = 'password' | 'full';

export type SignedInStaff = { user: StaffUserRow; sessionKey: string; stage: StaffSessionStage };

export async function createStaffSession(
  db: DbOrTx,
  sessionId: string,
  staffUserId: number,
  stage: StaffSessionStage,
  now: Date,
): Promise<void> {
  await db.insert(staffSessions).values({
    id: sessionKey(sessionId),
    staffUserId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (stage === 'password' ? PASSWORD_STAGE_MS : STAFF_MAX_AGE_MS)),
  });
  // Housekeeping on the user's own rows: lapsed sessions go when the user next signs in.
  await SESSIONS.dropLapsed(db, staffUserId, now);
}

/**
 * The active staff user signed in with this session id at `stage`, or null: no cookie, not a staff id, unknown,
 * expired, idle for 30 minutes, another stage, or the account disabled. Refreshes the idle clock.
 */
export async function findStaffSession(
  db: DbOrTx,
  sessionId: string | null,
  stage: StaffSessionStage,
  now: Date,
): Promise<SignedInStaff | null> {
  if (!sessionId || !isStaffSessionId(sessionId)) return null;
  const key = sessionKey(sessionId);
  const [row] = await db
    .select({ user: staffUsers, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(and(...SESSIONS.live(key, now), eq(staffSessions.stage, stage), eq(staffUsers.status, 'active')))
    .limit(1);
  if (!row) return null;
  await SESSIONS.touch(db, key, row.lastSeenAt, now);
  return { user: row.user, sessionKey: key, stage };
}

/** Ends the session of this id, whatever its stage (sign-out, or the password stage once the code is right). */
export async function deleteStaffSession(db: DbOrTx, sessionId: string): Promise<void> {
  await SESSIONS.delete(db, sessionKey(sessionId));
}

/** Ends every session of the user but `keepSessionKey` (all of them without it): password or factor changes. */
export async function endStaffSessions(
  db: DbOrTx,
  staffUserId: number,
  keepSessionKey?: string,
): Promise<void> {
  const theirs = eq(staffSessions.staffUserId, staffUserId);
  await db
    .delete(staffSessions)
    .where(keepSessionKey ? and(theirs, ne(staffSessions.id, keepSessionKey)) : theirs);
}
