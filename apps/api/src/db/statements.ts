import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { fillPlaceholders, is, type Query, SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { ClientBase, Pool } from 'pg';
import { memoised } from '../lib/memoised.ts';
import type { DbOrTx } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * Statements of the hottest paths (booking creation, its rate limit), rendered to SQL once instead of on every call.
 *
 * drizzle builds a query's SQL text from its builder tree on every execution; on the booking call that rendering cost
 * more CPU than everything else the API does around the database (a quarter of the server's time in a profile). A
 * statement here is written with the same drizzle builders and schema, with `sql.placeholder()` for its values,
 * rendered once, then sent to the driver as text + parameters (on PostgreSQL as a named prepared statement, parsed
 * and planned once per connection). Rows come back as arrays, in the order of the select list.
 */
export type Statement = {
  /** The prepared statement's name on PostgreSQL connections (unique per text). */
  readonly name: string;
  readonly text: string;
  /** Values and placeholders in parameter order (drizzle's rendering; placeholders are filled per call). */
  readonly params: readonly unknown[];
};

/** A drizzle database without a connection, for rendering statements (never executes anything). */
export const statementBuilder = drizzleNodePg.mock({ schema, casing: 'snake_case' });

const dialect = new PgDialect({ casing: 'snake_case' });
const names = new Map<string, string>();

/** Renders a builder or an `sql` template to a statement; equal texts share one name. */
export function defineStatement(query: { toSQL(): Query } | SQL): Statement {
  const { sql: text, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
  let name = names.get(text);
  if (name === undefined) {
    name = `links_${names.size + 1}`;
    names.set(text, name);
  }
  return { name, text, params };
}

type PgliteQueryable = Pick<PGlite, 'query'>;
type PgliteClient = PgliteQueryable & Pick<PGlite, 'transaction'>;

/**
 * A driver connection: what `runStatement` sends to. A `StatementTx` is one inside a transaction opened by
 * `statementTransaction` (no drizzle transaction object behind it).
 */
export type StatementTx =
  | { readonly kind: 'postgres'; readonly client: ClientBase | Pool }
  | { readonly kind: 'pglite'; readonly client: PgliteQueryable };

/** Where statements run: a drizzle database or transaction, or a statement transaction. */
export type Queryable = DbOrTx | StatementTx;

/** The driver connection under a drizzle database or transaction (the session's own client). */
function driverOf(db: Queryable): StatementTx {
  if ('kind' in db && (db.kind === 'postgres' || db.kind === 'pglite')) return db;
  const session: unknown = (db as unknown as { session?: unknown }).session;
  const client = (session as { client?: unknown } | undefined)?.client;
  if (session instanceof NodePgSession) return { kind: 'postgres', client: client as ClientBase | Pool };
  if (session instanceof PgliteSession) {
    return { kind: 'pglite', client: client as PgliteQueryable };
  }
  throw new Error('runStatement: the database is neither node-postgres nor PGlite.');
}

const ARRAY_ROWS: QueryOptions = { rowMode: 'array' };

/**
 * Runs `statement` on `db` (an open transaction runs it on its own connection) with `values` for its placeholders;
 * returns the rows as arrays. Timestamps come back as Date (node-postgres) or as the database's text (PGlite):
 * read them with `toDate`.
 */
export async function runStatement(
  db: Queryable,
  statement: Statement,
  values: Record<string, unknown> = {},
): Promise<unknown[][]> {
  const params = fillPlaceholders(statement.params as unknown[], values);
  const driver = driverOf(db);
  if (driver.kind === 'postgres') {
    const { name, text } = statement;
    const result = await driver.client.query({ name, text, values: params, rowMode: 'array' });
    return result.rows as unknown[][];
  }
  const result = await driver.client.query<unknown[]>(statement.text, params, ARRAY_ROWS);
  return result.rows;
}

/** A timestamptz column of a `runStatement` row as a Date, from either driver. */
export function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string') return new Date(value);
  throw new TypeError(`Expected a timestamp, got ${typeof value}.`);
}

/**
 * One statement per key (a list length, a window in seconds), rendered on first use. Keys come from validated input
 * and configuration, so there are few.
 */
export function perKey(build: (key: number) => Statement): (key: number) => Statement {
  return memoised(build);
}

/** `count` placeholders named `${prefix}0`, `${prefix}1`, ...: a list parameter of a statement. */
export function listPlaceholders(prefix: string, count: number) {
  return Array.from({ length: count }, (_, index) => sql.placeholder(`${prefix}${index}`));
}

/** `{ [prefix]0: values[0], [prefix]1: values[1], ... }`: the values of a `listPlaceholders(prefix, n)` list. */
export function listValues(prefix: string, values: readonly unknown[]): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const [index, value] of values.entries()) named[`${prefix}${index}`] = value;
  return named;
}

/**
 * Runs `work` in a transaction on the database's own driver, without a drizzle transaction object (whose set-up, a
 * new drizzle database per transaction, cost the booking call as much as a statement): for paths that send only
 * statements of this module (`db` may also be a bare driver, as the raw-SQL bench passes). Rolls back when `work`
 * throws; on PostgreSQL a connection that failed to begin or roll back is destroyed instead of returned to the pool.
 */
export async function statementTransaction<T>(
  db: Queryable,
  work: (tx: StatementTx) => Promise<T>,
): Promise<T> {
  const driver = driverOf(db);
  if (driver.kind === 'pglite') {
    return (driver.client as PgliteClient).transaction((tx) => work({ kind: 'pglite', client: tx }));
  }
  const client = await (driver.client as Pool).connect();
  try {
    await client.query('begin');
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  let broken: Error | undefined;
  try {
    const result = await work({ kind: 'postgres', client });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => {
      broken = rollbackError as Error;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
