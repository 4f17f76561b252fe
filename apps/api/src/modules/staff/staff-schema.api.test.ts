import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { staffAuditLog, staffSessions, staffUsers } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../test/test-app.ts';

// What migration 0012 promises on its own, whatever the app does: the audit log cannot be rewritten, usernames are
// unique whatever their case, roles, statuses and session stages are the known ones.

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
});
afterAll(async () => dispose());

const now = new Date('2026-11-26T10:00:00Z');
const user = (username: string, role = 'admin') => ({
  username,
  name: 'Alex Starter',
  email: 'alex@links.example',
  role: role as 'admin',
  passwordHash: 'not-a-real-hash',
  passwordChangedAt: now,
  createdAt: now,
  updatedAt: now,
});

/** The error a statement fails with, unwrapped from drizzle's (the driver's message is the cause). */
async function failureOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${(error as Error).message} ${cause instanceof Error ? cause.message : ''}`;
  }
  throw new Error('expected the statement to fail');
}

describe('staff_audit_log is append-only', () => {
  it('takes inserts and refuses UPDATE, DELETE and TRUNCATE', async () => {
    const [row] = await database.db
      .insert(staffAuditLog)
      .values({ at: now, actor: 'cli', action: 'staff_user.create', after: { role: 'admin' } })
      .returning();
    if (!row) throw new Error('no audit row');
    expect(
      await failureOf(() =>
        database.db.update(staffAuditLog).set({ action: 'rewritten' }).where(eq(staffAuditLog.id, row.id)),
      ),
    ).toMatch(/append-only: UPDATE refused/);
    expect(
      await failureOf(() => database.db.delete(staffAuditLog).where(eq(staffAuditLog.id, row.id))),
    ).toMatch(/append-only: DELETE refused/);
    expect(await failureOf(() => database.db.execute(sql`truncate staff_audit_log`))).toMatch(
      /append-only: TRUNCATE refused/,
    );
    const [kept] = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.id, row.id));
    expect(kept?.action).toBe('staff_user.create');
  });
});

describe('staff_users and staff_sessions constraints', () => {
  it('keeps usernames unique regardless of case', async () => {
    await database.db.insert(staffUsers).values(user('Starter.One'));
    expect(await failureOf(() => database.db.insert(staffUsers).values(user('starter.one')))).toMatch(
      /staff_users_username_lower_unique|unique|duplicate/i,
    );
  });

  it('refuses unknown roles, statuses and session stages', async () => {
    expect(
      await failureOf(() => database.db.insert(staffUsers).values(user('greenkeeper', 'greenkeeper'))),
    ).toMatch(/staff_users_role_known|check/i);
    const [row] = await database.db.insert(staffUsers).values(user('stage.test')).returning();
    expect(
      await failureOf(() =>
        database.db.insert(staffSessions).values({
          id: 'k',
          staffUserId: row?.id as number,
          stage: 'half' as 'full',
          createdAt: now,
          lastSeenAt: now,
          expiresAt: now,
        }),
      ),
    ).toMatch(/staff_sessions_stage_known|check/i);
    expect(
      await failureOf(() =>
        database.db
          .update(staffUsers)
          .set({ status: 'gone' as 'active' })
          .where(eq(staffUsers.id, row?.id as number)),
      ),
    ).toMatch(/staff_users_status_known|check/i);
  });
});
