import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { dropDatabase, newDatabase, testDbKind } from '../test/test-database.ts';
import { createPostgresDatabase } from './client.ts';
import { migrate, readMigrations } from './migrate.ts';

describe('migrate', () => {
  it('leaves a template-copied database fully migrated, and a second run applies nothing', async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const migrations = await readMigrations();
      expect(migrations.length).toBeGreaterThan(0);
      const ledger = await database.db.execute<{ tag: string }>(
        sql`SELECT "tag" FROM "__migrations" ORDER BY "tag"`,
      );
      expect(ledger.rows.map((row) => row.tag)).toEqual(migrations.map((migration) => migration.tag).sort());
      expect(await migrate(database)).toEqual({ applied: [] });
    } finally {
      await dispose();
    }
  });

  // Several instances exist only on PostgreSQL (PGlite is one process), so this test is registered only there; the
  // PostgreSQL stage of `npm test` always runs it.
  if (testDbKind() === 'postgres') {
    it('is safe when two instances migrate a fresh database at once', async () => {
      const { name, url } = await newDatabase('links_test_concurrent');
      const first = createPostgresDatabase(url, 2);
      const second = createPostgresDatabase(url, 2);
      try {
        const results = await Promise.all([migrate(first), migrate(second), migrate(first)]);
        const migrations = await readMigrations();
        // Every migration applied exactly once across the racing callers.
        expect(results.flatMap((result) => result.applied).sort()).toEqual(
          migrations.map((m) => m.tag).sort(),
        );
        const ledger = await first.db.execute<{ count: string }>(
          sql`SELECT count(*)::text AS count FROM "__migrations"`,
        );
        expect(Number(ledger.rows[0]?.count)).toBe(migrations.length);
      } finally {
        await first.close();
        await second.close();
        await dropDatabase(name);
      }
    });
  }
});
