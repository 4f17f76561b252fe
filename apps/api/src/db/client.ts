import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, TablesRelationalConfig } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { AppConfig } from '../config/env.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * What `db.execute()` resolves to on both drivers: PGlite's Results and pg's QueryResult share `rows`
 * (row counts differ: affectedRows vs rowCount, so use `.returning()` instead of counting).
 */
type QueryRows<TRow> = { rows: TRow[] };

export interface QueryResultHKT extends PgQueryResultHKT {
  readonly type: QueryRows<this['row']>;
}

/** One drizzle type for both drivers, so repositories never care which database runs underneath. */
export type Db = PgDatabase<QueryResultHKT, Schema>;
export type Tx = PgTransaction<QueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take this so a caller can pass an open transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite in DATA_DIR: this process's hold on the directory, released by close(). */
  dataDirLock?: DataDirLock;
  close(): Promise<void>;
};

/**
 * PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR, which one process at a time may open: `owner` (the server, or
 * a command) takes the directory first, and a live owner elsewhere makes this throw DataDirInUseError.
 */
export async function createDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  owner: string,
): Promise<Database> {
  if (config.databaseUrl) return createPostgresDatabase(config.databaseUrl);
  const lock = await lockDataDir(config.dataDir, owner);
  try {
    return createPgliteDatabase(await PGlite.create({ dataDir: config.dataDir }), lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

export function createPgliteDatabase(client: PGlite, dataDirLock?: DataDirLock): Database {
  const db = drizzlePglite({
    client: withDrizzleParsersInstalled(client),
    schema,
    casing: 'snake_case',
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ...(dataDirLock ? { dataDirLock } : {}),
    close: async () => {
      if (!client.closed) await client.close();
      // After PGlite has flushed and closed its files: only then may another process open them.
      await dataDirLock?.release();
    },
  };
}

/**
 * The types drizzle reads as the database's text (it parses dates itself): drizzle-orm/pglite passes these parsers
 * with every query. PGlite 0.5 answers per-query parsers by copying its whole parser table (hundreds of entries,
 * one per array type) into a new object for every result, which cost the booking call more CPU than some of its
 * statements. So the overrides are installed once on the client and dropped from each call: same parsing, no copy.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;
const DRIZZLE_TEXT_TYPE_KEYS = new Set(DRIZZLE_TEXT_TYPES.map(String));

type QueryCall = (query: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

/** The options without drizzle's parsers, once they are known to be installed on the client; else unchanged. */
function withoutInstalledParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const key in options.parsers) {
    // A parser this module did not install (a later drizzle): keep the options, correct if slower.
    if (!DRIZZLE_TEXT_TYPE_KEYS.has(key)) return options;
  }
  const { parsers: _installed, ...rest } = options;
  return rest;
}

/**
 * `target` with drizzle's text parsers dropped from its query calls; everything else is the target's own (methods
 * bound to it: PGlite keeps its state in private fields, which a proxy receiver cannot reach).
 */
function droppingInstalledParsers<T extends object & { query: QueryCall }>(
  target: T,
  wrap: (property: string | symbol, value: unknown) => unknown = () => undefined,
): T {
  const query: QueryCall = (text, params, options) =>
    target.query(text, params, withoutInstalledParsers(options));
  return new Proxy(target, {
    get(_target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      const wrapped = wrap(property, value);
      if (wrapped !== undefined) return wrapped;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The client drizzle is given: the same PGlite, with drizzle's text parsers installed once (this client is
 * drizzle's from now on) and dropped from its query calls, inside transactions too.
 */
function withDrizzleParsersInstalled(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  return droppingInstalledParsers(client, (property) =>
    property === 'transaction'
      ? <T>(work: (tx: Transaction) => Promise<T>) =>
          client.transaction((tx) => work(droppingInstalledParsers(tx)))
      : undefined,
  );
}

export function createPostgresDatabase(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection (server restart, failover) must not crash the process.
  pool.on('error', (error) => {
    console.error('PostgreSQL pool error:', error.message);
  });
  // A client checked out of the pool has no pool listener: losing its connection between two statements (a killed
  // backend, a restart) would emit an unhandled 'error' and end the process. Its next query fails instead, the
  // request answers 500, and the pool drops the client.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      console.error('PostgreSQL connection lost:', error.message);
    });
  });
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
  releaseEveryTransactionClient((db as unknown as { session: PooledSession }).session, pool);
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

type AnyNodePgSession = NodePgSession<Record<string, unknown>, TablesRelationalConfig>;
type PooledSession = {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: AnyNodePgSession['transaction'];
};

/**
 * drizzle's pooled transaction (0.45) checks a client out, then sends BEGIN outside its try/finally: when BEGIN fails
 * (the connection died while idle in the pool) the client is never released, and each such failure shrinks the pool
 * for good until no request can get a connection. Run every transaction on a checked-out client whose release is in
 * our own finally; pg-pool drops a client whose connection is broken instead of reusing it.
 */
function releaseEveryTransactionClient(session: PooledSession, pool: pg.Pool): void {
  const { dialect, schema, options } = session;
  session.transaction = async (transaction, config) => {
    const client = await pool.connect();
    try {
      return await new NodePgSession(client, dialect, schema, options).transaction(transaction, config);
    } finally {
      client.release();
    }
  };
}
