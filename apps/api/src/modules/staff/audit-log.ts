import type { AuditAction, StaffAuditEntry, StaffAuditQuery } from '@links/shared';
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAuditLog, staffUsers } from '../../db/schema/index.ts';
import { staffUserView } from './staff-user-view.ts';
import type { StaffUserRow } from './staff-users.repository.ts';

// The staff audit log: one row per staff action, written with the same transaction (`tx`) as the change it records,
// so a change and its record commit together or not at all. Append-only in the database (migration 0012's trigger).
// before/after hold views built here (auditedStaffUser), never a row: a password hash or a factor secret cannot
// reach the log by a field added later to the table.

/**
 * Who acted: a signed-in staff member, the command line, (a sign-in matching no account) nobody known, or the golfer
 * or tour operator changing their own confirmed booking (so the booking's timeline has every change, not only staff's).
 */
export type AuditActor = { staffUserId: number } | 'cli' | 'anonymous' | 'golfer' | 'operator';

export type AuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  target?: {
    type:
      | 'staff_user'
      | 'booking'
      | 'block'
      | 'mail'
      | 'setting'
      | 'operator'
      | 'green_fee'
      | 'season'
      | 'course'
      | 'caddie_range'
      | 'package';
    id: number | string;
  };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
};

/** What the audit log keeps of a staff user: the fields a person changes (the API's view less its id and creation). */
export function auditedStaffUser(user: StaffUserRow): Record<string, unknown> {
  const { id, created_at, ...changeable } = staffUserView(user);
  return changeable;
}

export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await tx.insert(staffAuditLog).values({
    at: entry.at,
    staffUserId: typeof actor === 'object' ? actor.staffUserId : null,
    actor: typeof actor === 'object' ? 'staff' : actor,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target === undefined ? null : String(entry.target.id),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A signed-in staff member's entry, at `at`. */
export async function recordStaffAudit(
  tx: DbOrTx,
  staffUserId: number,
  at: Date,
  entry: Omit<AuditEntry, 'actor' | 'at'>,
): Promise<void> {
  await recordAudit(tx, { ...entry, actor: { staffUserId }, at });
}

/** An entry per change a staff member made to parts of a booking in one request (its golfers' names, caddies). */
export async function recordBookingChanges<Change>(
  tx: DbOrTx,
  audited: { staffUserId: number; at: Date; action: AuditAction; bookingNumber: string },
  changes: readonly Change[],
  entry: (change: Change) => Pick<AuditEntry, 'before' | 'after'>,
): Promise<void> {
  const { staffUserId, at, action, bookingNumber } = audited;
  const target = { type: 'booking', id: bookingNumber } as const;
  for (const change of changes)
    await recordStaffAudit(tx, staffUserId, at, { action, target, ...entry(change) });
}

/** Entries, newest first, each with the name of the staff member who made it (null for another actor). */
function newestFirst(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ entry: staffAuditLog, staffName: staffUsers.name })
    .from(staffAuditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffUserId))
    .where(where)
    .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id));
}

/** The latest `limit` entries of these actions, newest first, with their staff member's name. */
export function latestEntries(db: DbOrTx, actions: readonly AuditAction[], limit: number) {
  return newestFirst(db, inArray(staffAuditLog.action, [...actions])).limit(limit);
}

/** One page of the log, newest first, with the number of entries matching the filter. */
export async function listAudit(
  db: DbOrTx,
  query: StaffAuditQuery,
): Promise<{ entries: StaffAuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.staff_user_id !== undefined) conditions.push(eq(staffAuditLog.staffUserId, query.staff_user_id));
  if (query.action !== undefined) conditions.push(eq(staffAuditLog.action, query.action));
  if (query.from !== undefined) conditions.push(gte(staffAuditLog.at, new Date(query.from)));
  if (query.to !== undefined) conditions.push(lt(staffAuditLog.at, new Date(query.to)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    newestFirst(db, where)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(staffAuditLog).where(where),
  ]);
  return {
    entries: rows.map(({ entry: row, staffName }) => ({
      id: row.id,
      at: row.at.toISOString(),
      staff_user_id: row.staffUserId,
      staff_name: staffName,
      actor: row.actor,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before: (row.before as Record<string, unknown> | null) ?? null,
      after: (row.after as Record<string, unknown> | null) ?? null,
    })),
    total: counted?.total ?? 0,
  };
}
