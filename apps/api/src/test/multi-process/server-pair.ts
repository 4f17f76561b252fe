import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { createPostgresDatabase, type Database, type Db } from '../../db/client.ts';
import { teeSlots } from '../../db/schema/index.ts';
import { seedDemoOperators } from '../../modules/operators/seed-demo-operators.ts';
import { seedDatabase } from '../../seed/index.ts';
import { newDatabase } from '../test-database.ts';
import { type ApiProcess, describeProcess } from './api-process.ts';
import { Browser } from './browser.ts';
import { serverDatabaseUrl, startTwoApiProcesses, tearDownProcesses } from './two-processes.ts';

// Two API servers as separate OS processes on one fresh PostgreSQL database (seeded with the reference data and the
// demo operators), as a deployment runs them behind a load balancer: the harness of the multi-process suites.

export type ServerPair = {
  a: ApiProcess;
  b: ApiProcess;
  /** The database both servers use, for setting up and checking facts. */
  db: Db;
  databaseName: string;
  dataDir: string;
  apiKey: string;
  /** The environment of server `name` (A, B, ...): the shared settings and its own application_name. */
  envFor(name: string): Record<string, string>;
  /** A browser appearing from `address` (sent as X-Forwarded-For through the trusted proxy hop). */
  browser(address?: string): Browser;
  /** Appends both servers' output to a failing test's message. */
  withServerLogs(body: () => Promise<void>): () => Promise<void>;
  close(): Promise<void>;
};

export async function startServerPair(
  options: {
    name: string;
    env?: Record<string, string>;
    secrets?: { linkSigningSecret?: string; staffFactorKey?: string };
  } = {
    name: 'pair',
  },
): Promise<ServerPair> {
  const apiKey = `multi-process-${randomBytes(6).toString('hex')}`;
  const { name: databaseName, url } = await newDatabase(`links_${options.name}`, inject('postgresTemplate'));
  const database: Database = createPostgresDatabase(url, 2);
  const dataDir = await mkdtemp(join(tmpdir(), `links-${options.name}-`));
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  const close = () => tearDownProcesses({ processes: [a, b], database, databaseName, dataDir });
  try {
    await seedDatabase(database.db, { demo: false });
    await seedDemoOperators(database.db);
    const shared = {
      // Production settings: private secrets (the same in both, as a deployment shares them), JSON logs.
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      API_KEYS: apiKey,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LINK_SIGNING_SECRET: options.secrets?.linkSigningSecret ?? randomBytes(32).toString('hex'),
      ADMIN_TOKEN: `admin-${randomBytes(12).toString('hex')}`,
      STAFF_FACTOR_KEY: options.secrets?.staffFactorKey ?? randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://127.0.0.1',
      // The test client is the one proxy in front: it writes X-Forwarded-For as a load balancer would.
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      DIARY_CACHE_MS: '0',
      ...options.env,
    };
    const envFor = (name: string) => ({ ...shared, DATABASE_URL: serverDatabaseUrl(databaseName, name) });
    const [first, second] = await startTwoApiProcesses({ cwd: dataDir, apiKey, envFor });
    [a, b] = [first, second];
    return {
      a: first,
      b: second,
      db: database.db,
      databaseName,
      dataDir,
      apiKey,
      envFor,
      browser: (address) => new Browser(apiKey, address),
      withServerLogs: (body) => async () => {
        try {
          await body();
          for (const server of [first, second])
            expect(server.exit(), `${server.name} exited`).toBeUndefined();
        } catch (error) {
          if (error instanceof Error) {
            error.message += `\n${describeProcess(first, 2000)}\n${describeProcess(second, 2000)}`;
          }
          throw error;
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export type SuitePair = {
  /** The pair the suite's beforeAll started (throws before then). */
  pair(): ServerPair;
  /** The pair's withServerLogs, for the tests declared before the pair exists. */
  withServerLogs(body: () => Promise<void>): () => Promise<void>;
  /** withServerLogs for a test that calls the servers: `body` is handed them, A and B. */
  withServers(body: (a: ApiProcess, b: ApiProcess) => Promise<void>): () => Promise<void>;
};

/**
 * Registers (in the describe it is called in) the beforeAll that starts a pair with `options` and the afterAll that
 * closes it; a beforeAll registered after this call may set facts up on the pair.
 */
export function serverPairForSuite(
  options: Parameters<typeof startServerPair>[0],
  startTimeoutMs = 90_000,
): SuitePair {
  let started: ServerPair | undefined;
  const pair = (): ServerPair => {
    if (!started) throw new Error('the API processes were not started');
    return started;
  };
  beforeAll(async () => {
    started = await startServerPair(options);
  }, startTimeoutMs);
  afterAll(async () => started?.close(), 30_000);
  const withServerLogs = (body: () => Promise<void>) => () => pair().withServerLogs(body)();
  return { pair, withServerLogs, withServers: (body) => withServerLogs(() => body(pair().a, pair().b)) };
}

/**
 * The first `limit` tee slots of `courseId` more than three days on, earliest first: a suite hands them out one per
 * booking, so that no test meets another's places.
 */
export function slotsToHandOut(db: Db, courseId: number, limit: number) {
  return db
    .select({ id: teeSlots.id, startsAt: teeSlots.startsAt })
    .from(teeSlots)
    .where(and(eq(teeSlots.courseId, courseId), gt(teeSlots.startsAt, sql`now() + interval '3 days'`)))
    .orderBy(asc(teeSlots.startsAt))
    .limit(limit);
}

/**
 * What a burst suite calls on the pair its beforeAll starts: both servers, a new client address per call (TEST-NET-1,
 * so each burst meets only its own address limits), and a browser from an address with its CSRF token fetched.
 */
export function burstClients(started: () => ServerPair | undefined) {
  let addressCount = 0;
  const pair = (): ServerPair => {
    const current = started();
    if (!current) throw new Error('the API processes were not started');
    return current;
  };
  const nextAddress = () => {
    addressCount += 1;
    return `192.0.2.${addressCount}`;
  };
  const browser = async (address: string, server: ApiProcess) => {
    const made = pair().browser(address);
    await made.csrf(server);
    return made;
  };
  return {
    servers: (): [ApiProcess, ApiProcess] => [pair().a, pair().b],
    nextAddress,
    nextAddresses: (count: number) => Array.from({ length: count }, nextAddress),
    browser,
    /** `count` browsers from `addresses` in turn, each fetching its CSRF token from A and B in turn. */
    browsersFrom: (addresses: string[], count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, index) =>
          browser(addresses[index % addresses.length] as string, index % 2 === 0 ? pair().a : pair().b),
        ),
      ),
  };
}
