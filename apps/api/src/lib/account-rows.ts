import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { operators, staffUsers } from '../db/schema/index.ts';

// The look-ups every table of accounts that sign in by username shares: tour operators' and staff users'.

type AccountTable = typeof operators | typeof staffUsers;

/** One account table's look-ups: by username (case-insensitive, served by its unique index on lower(username)) or id. */
export function accountLookups<T extends AccountTable>(table: T) {
  const accounts: AccountTable = table;
  const first = async (db: DbOrTx, where: SQL): Promise<T['$inferSelect'] | undefined> => {
    const [row] = await db.select().from(accounts).where(where).limit(1);
    return row as T['$inferSelect'] | undefined;
  };
  return {
    byUsername: (db: DbOrTx, username: string) =>
      first(db, sql`lower(${accounts.username}) = ${username.trim().toLowerCase()}`),
    byId: (db: DbOrTx, id: number) => first(db, eq(accounts.id, id)),
  };
}
