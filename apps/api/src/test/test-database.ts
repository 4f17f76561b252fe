import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Helpers shared by the vitest global setup (runs once) and createTestApp (runs per test file).

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  const kind = (process.env.TEST_DB ?? 'pglite').toLowerCase();
  if (kind !== 'pglite' && kind !== 'postgres') {
    throw new Error(`TEST_DB must be "pglite" or "postgres", got "${process.env.TEST_DB}"`);
  }
  return kind;
}

/** The server to create test databases on; its own database is only used for CREATE/DROP DATABASE. */
export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function databaseUrlFor(name: string, base = adminDatabaseUrl()): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    // Never skip: a PostgreSQL run that silently tested nothing would look green.
    throw new Error(
      `TEST_DB=postgres but PostgreSQL is unreachable at ${adminDatabaseUrl()} (set TEST_DATABASE_URL): ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function createDatabaseFrom(name: string, template?: string): Promise<void> {
  await withAdminClient(async (client) => {
    const sql = `CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`;
    // Concurrent CREATE ... TEMPLATE from parallel test files can hit "source database is being accessed by other
    // users" for a moment; retry briefly.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(sql);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
}

/** A new database named from `prefix`, a copy of `template` (empty without one): its name and its URL. */
export async function newDatabase(prefix: string, template?: string): Promise<{ name: string; url: string }> {
  const name = uniqueDatabaseName(prefix);
  await createDatabaseFrom(name, template);
  return { name, url: databaseUrlFor(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdminClient(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  });
}
