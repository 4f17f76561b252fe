import { rm } from 'node:fs/promises';
import type { Database } from '../../db/client.ts';
import { databaseUrlFor, dropDatabase } from '../test-database.ts';
import { type ApiProcess, startApiProcess } from './api-process.ts';

// The shared set-up of the multi-process tests: two API server processes, A and B, on one PostgreSQL database, each
// connecting with its own application_name (so the database can tell which process made a change).

/** The DATABASE_URL of server `server` (A, B, ...) on database `databaseName`. */
export function serverDatabaseUrl(databaseName: string, server: string): string {
  return `${databaseUrlFor(databaseName)}?application_name=links-api-${server}`;
}

/** Starts A and B at once; if either fails, stops the other and throws why. */
export async function startTwoApiProcesses(options: {
  cwd: string;
  apiKey: string;
  envFor: (server: string) => Record<string, string>;
}): Promise<[ApiProcess, ApiProcess]> {
  const start = (server: string) =>
    startApiProcess({
      name: `API ${server}`,
      cwd: options.cwd,
      apiKey: options.apiKey,
      readyTimeoutMs: 80_000,
      env: options.envFor(server),
    });
  const [a, b] = await Promise.allSettled([start('A'), start('B')]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  await Promise.all(
    [a, b].map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
  );
  throw a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason;
}

/** Stops the processes, closes the test's own connection, drops the database and removes the data directory. */
export async function tearDownProcesses(options: {
  processes: Array<ApiProcess | undefined>;
  database: Database | undefined;
  databaseName: string;
  dataDir: string | undefined;
}): Promise<void> {
  await Promise.all(options.processes.map((server) => server?.stop()));
  await options.database?.close();
  await dropDatabase(options.databaseName);
  if (options.dataDir) await rm(options.dataDir, { recursive: true, force: true });
}

/** Calls `probe` every 20 ms until it answers something other than undefined; fails after `timeoutMs`. */
export async function poll<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
