import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { rateLimitCounters } from './schema/index.ts';
import { defineStatement, runStatement, statementTransaction } from './statements.ts';

const insertCounter = defineStatement(
  sql`insert into ${rateLimitCounters} (bucket, key) values ('statements-test', ${sql.placeholder('key')})`,
);
const countCounters = defineStatement(
  sql`select count(*)::integer from ${rateLimitCounters} where bucket = 'statements-test'`,
);

let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
});
afterAll(async () => dispose());

async function count(): Promise<number> {
  const [row] = await runStatement(database.db, countCounters);
  return Number(row?.[0]);
}

describe('statement transactions', () => {
  it('commits what the work wrote, and rolls all of it back when the work throws', async () => {
    await statementTransaction(database.db, async (tx) => {
      await runStatement(tx, insertCounter, { key: 'kept' });
    });
    expect(await count()).toBe(1);

    await expect(
      statementTransaction(database.db, async (tx) => {
        await runStatement(tx, insertCounter, { key: 'undone' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(1);

    // A failing statement (duplicate key) rolls back too, and the connection stays usable afterwards.
    await expect(
      statementTransaction(database.db, async (tx) => {
        await runStatement(tx, insertCounter, { key: 'second' });
        await runStatement(tx, insertCounter, { key: 'kept' });
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(1);
    for (let index = 0; index < 12; index += 1) {
      await statementTransaction(database.db, async (tx) => runStatement(tx, countCounters));
    }
  });
});
