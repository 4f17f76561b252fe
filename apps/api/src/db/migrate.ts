import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client.ts';

// Any constant works as long as every instance uses the same one; this spells "links-mi" in ASCII.
export const MIGRATION_LOCK_ID = 0x6c696e6b_736d69n;

type JournalEntry = { idx: number; tag: string; when: number };
type Migration = { tag: string; hash: string; statements: string[] };

export type MigrateResult = { applied: string[] };

/**
 * The migrations folder sits beside src/ and dist/: apps/api/migrations. From src/db/migrate.ts (tsx, vitest)
 * it is two levels up, from the bundles dist/server.js and dist/cli/*.js one or two levels up.
 */
export function resolveMigrationsDir(): string {
  const candidates = ['../../migrations', '../migrations'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((dir) => existsSync(`${dir}/meta/_journal.json`));
  if (!found) throw new Error(`No migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function readMigrations(dir = resolveMigrationsDir()): Promise<Migration[]> {
  const journal = JSON.parse(await readFile(`${dir}/meta/_journal.json`, 'utf8')) as {
    entries: JournalEntry[];
  };
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  return Promise.all(
    entries.map(async (entry) => {
      const text = await readFile(`${dir}/${entry.tag}.sql`, 'utf8');
      return {
        tag: entry.tag,
        hash: createHash('sha256').update(text).digest('hex'),
        statements: text
          .split('--> statement-breakpoint')
          .map((statement) => statement.trim())
          .filter((statement) => statement.length > 0),
      };
    }),
  );
}

async function ensureMigrationsTable(db: Db): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "__migrations" (
      "tag" text PRIMARY KEY,
      "hash" text NOT NULL,
      "applied_at" timestamptz NOT NULL DEFAULT now()
    )`);
}

async function appliedTags(db: Db): Promise<Set<string>> {
  const exists = await db.execute<{ name: string | null }>(
    sql`SELECT to_regclass('"__migrations"')::text AS name`,
  );
  if (!exists.rows[0]?.name) return new Set();
  const rows = await db.execute<{ tag: string }>(sql`SELECT "tag" FROM "__migrations"`);
  return new Set(rows.rows.map((row) => row.tag));
}

/**
 * Applies pending migrations in journal order. Each one runs in its own transaction that first takes a
 * transaction-scoped advisory lock and re-checks the ledger, so instances starting together serialise
 * and the loser simply finds the work done. The lock is released by COMMIT/ROLLBACK, never leaked.
 */
export async function migrate(database: Database, options: { dir?: string } = {}): Promise<MigrateResult> {
  const migrations = await readMigrations(options.dir);
  const { db } = database;
  const alreadyApplied = await appliedTags(db);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (alreadyApplied.has(migration.tag)) continue;
    const didApply = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(MIGRATION_LOCK_ID.toString())})`);
      await ensureMigrationsTable(tx);
      const done = await tx.execute(sql`SELECT 1 FROM "__migrations" WHERE "tag" = ${migration.tag}`);
      if (done.rows.length > 0) return false;
      for (const statement of migration.statements) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`INSERT INTO "__migrations" ("tag", "hash") VALUES (${migration.tag}, ${migration.hash})`,
      );
      return true;
    });
    if (didApply) applied.push(migration.tag);
  }
  return { applied };
}
