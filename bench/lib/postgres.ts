import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A throw-away database on the server of `adminUrl`, for one bench run. */
export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

/** `work` on one connection of its own to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `links_bench_<random>` next to the database of BENCH_DATABASE_URL (which is only used to connect), so a
 * run never touches existing data; the caller migrates and seeds it with the CLIs and drops it afterwards.
 */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `links_bench_${randomBytes(6).toString('hex')}`;
  // The name is ours (hex), so quoting it is enough; CREATE DATABASE takes no bind parameters.
  await withClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, async (client) => {
        // FORCE: a server that failed to stop cleanly must not leave the database behind.
        await client.query(`drop database if exists "${name}" with (force)`);
      }),
  };
}

/** The URL without its password, for printing. */
export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

/** The tables a booking run writes (bookings.repository.ts and the rate limiter). */
const BOOKING_TABLES = ['bookings', 'booking_rounds', 'booking_golfers', 'rate_limit_counters'];

/**
 * Brings the database to the same quiet state before each side's measured booking runs: the writes of the runs before
 * (the other side's, its own warm-up) vacuumed and analysed, and their WAL checkpointed. Otherwise autovacuum,
 * autoanalyze or a checkpoint triggered by those writes lands in whichever side's runs come next and is charged to it.
 * Needs a role that may CHECKPOINT (a superuser, or pg_checkpoint), as BENCH_DATABASE_URL's admin user is.
 */
export async function settleDatabase(query: (text: string) => Promise<unknown>): Promise<void> {
  await query(`vacuum (analyze) ${BOOKING_TABLES.map((table) => `"${table}"`).join(', ')}`);
  await query('checkpoint');
}
