import type { AuditAction, StaffAuditEntry, StaffAuditQuery } from '@links/shared';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
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
    db
      .select({ entry: staffAuditLog, staffName: staffUsers.name })
      .from(staffAuditLog)
      .leftJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffUserId))
      .where(where)
      .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
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
