import { and, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

// The expiry rules of a server-side session row, shared by operator and staff sessions (and any to come): a session
// lives until its absolute expiry and while it is used within its idle time; its idle clock is written at most once
// a minute; lapsed rows go when their owner next signs in.

/** last_seen_at is written at most this often, so page loads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The columns every session table has: its key (the session id's hash), its owner and its two clocks. */
type SessionTable = {
  table: PgTable;
  id: PgColumn;
  owner: PgColumn;
  lastSeenAt: PgColumn;
  expiresAt: PgColumn;
};

const idleSince = (now: Date, idleMs: number) => new Date(now.getTime() - idleMs);

/** Conditions for the live session of this key: not past its absolute expiry, nor idle longer than `idleMs`. */
function liveSession(sessions: SessionTable, key: string, idleMs: number, now: Date): SQL[] {
  return [eq(sessions.id, key), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince(now, idleMs))];
}

/** Refreshes the idle clock of a session just used, unless it was refreshed within the last minute. */
async function touchSession(
  db: DbOrTx,
  sessions: SessionTable,
  key: string,
  lastSeenAt: Date,
  now: Date,
): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db
    .update(sessions.table)
    // Every session table names the column lastSeenAt (the type above cannot say so for a table it does not know).
    .set({ lastSeenAt: now } as never)
    .where(eq(sessions.id, key));
}

/** Housekeeping on one owner's rows at sign-in: sessions past their expiry or idle too long are deleted. */
async function dropLapsedSessions(
  db: DbOrTx,
  sessions: SessionTable,
  ownerId: number,
  idleMs: number,
  now: Date,
): Promise<void> {
  await db
    .delete(sessions.table)
    .where(
      and(
        eq(sessions.owner, ownerId),
        or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince(now, idleMs))),
      ),
    );
}

/** Ends the session of this key. */
async function deleteSessionRow(db: DbOrTx, sessions: SessionTable, key: string): Promise<void> {
  await db.delete(sessions.table).where(eq(sessions.id, key));
}

/**
 * One session table's rows: the rules above bound once to its table, the column naming its owner and its idle time,
 * so each kind of session states them in one place.
 */
export function sessionRows(
  table: PgTable & Pick<SessionTable, 'id' | 'lastSeenAt' | 'expiresAt'>,
  owner: PgColumn,
  idleMs: number,
) {
  const sessions: SessionTable = {
    table,
    id: table.id,
    owner,
    lastSeenAt: table.lastSeenAt,
    expiresAt: table.expiresAt,
  };
  return {
    live: (key: string, now: Date) => liveSession(sessions, key, idleMs, now),
    touch: (db: DbOrTx, key: string, lastSeenAt: Date, now: Date) =>
      touchSession(db, sessions, key, lastSeenAt, now),
    dropLapsed: (db: DbOrTx, ownerId: number, now: Date) =>
      dropLapsedSessions(db, sessions, ownerId, idleMs, now),
    delete: (db: DbOrTx, key: string) => deleteSessionRow(db, sessions, key),
  };
}
