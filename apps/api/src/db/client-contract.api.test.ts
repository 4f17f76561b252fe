import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { dropDatabase, newDatabase, testDbKind } from '../test/test-database.ts';
import { createPgliteDatabase, createPostgresDatabase } from './client.ts';

// The contract with the two drivers' internals that db/client.ts adapts (drizzle-orm, @electric-sql/pglite and pg are
// pinned to exact versions in apps/api/package.json). An upgrade that changes what the adapter relies on fails here:
// - PGlite: drizzle's per-query text parsers are installed once and dropped from every query call, transactions too
//   (PGlite 0.5 copies its whole parser table for each call that brings parsers);
// - node-postgres: every transaction runs on a client we check out and release ourselves, so a failed BEGIN (a
//   connection that died idle in the pool) gives its client back; drizzle 0.45's own pooled transaction leaks it.

type QueryOptions = { parsers?: Record<string, unknown> } | undefined;

describe('the PGlite adapter', () => {
  it("drops drizzle's parsers from every query call, in and out of transactions, and still parses dates", async () => {
    const client = await PGlite.create();
    await client.exec('create table played (id integer primary key, played_at timestamptz not null)');
    await client.exec(`insert into played values (1, '2026-11-25T09:40:00Z')`);
    const seen: QueryOptions[] = [];
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(options);
      return query(text, params, options as never);
    }) as typeof client.query;
    const transaction = client.transaction.bind(client);
    client.transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
          seen.push(options);
          return txQuery(text, params, options as never);
        }) as typeof tx.query;
        return work(tx);
      })) as typeof client.transaction;

    const database = createPgliteDatabase(client);
    try {
      await database.db.execute(sql`select * from played`);
      const [row] = await database.db.transaction(
        async (tx) => (await tx.execute(sql`select now() as now`)).rows,
      );
      expect(seen.length, 'query calls seen').toBeGreaterThanOrEqual(2);
      for (const options of seen) expect(options?.parsers).toBeUndefined();
      expect(Number.isNaN(Date.parse(String((row as { now: unknown }).now)))).toBe(false);
    } finally {
      await database.close();
    }
  });
});

if (testDbKind() === 'postgres') {
  describe('the node-postgres adapter', () => {
    it('gives a client back to the pool when BEGIN fails, and the pool keeps serving', async () => {
      const { name, url } = await newDatabase('links_client_contract', inject('postgresTemplate'));
      const database = createPostgresDatabase(url, 2);
      const pool = (database.db as unknown as { session: { client: pg.Pool } }).session.client;
      try {
        // The next three clients checked out fail their BEGIN, as a connection that died idle in the pool does.
        let failing = 3;
        pool.on('acquire', (client: pg.PoolClient) => {
          if (failing <= 0) return;
          failing -= 1;
          const original = client.query.bind(client);
          client.query = ((...args: Parameters<typeof original>) => {
            const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
            if (/^\s*begin/i.test(text ?? '')) {
              client.query = original;
              return Promise.reject(new Error('Connection terminated unexpectedly'));
            }
            return original(...args);
          }) as typeof client.query;
        });
        for (let attempt = 0; attempt < 3; attempt += 1) {
          await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
        }
        // A pool of two that had leaked three clients could not serve this at all.
        const served = await Promise.race([
          database.db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows),
          new Promise((resolve) => setTimeout(() => resolve('pool exhausted'), 5000)),
        ]);
        expect(served).toEqual([{ one: 1 }]);
        expect(pool.totalCount - pool.idleCount, 'clients still checked out').toBe(0);
      } finally {
        await database.close();
        await dropDatabase(name);
      }
    });
  });
}
