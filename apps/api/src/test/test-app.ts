import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config/env.ts';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../db/client.ts';
import { PinnableClock } from '../lib/clock.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../lib/session-token.ts';
import { appLogStream } from './app-log.ts';
import { dropDatabase, newDatabase, testDbKind } from './test-database.ts';

export const TEST_API_KEY = 'test-api-key';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The app's clock: `clock.pin(date)` moves this app's time (and no other's). */
  clock: PinnableClock;
  close(): Promise<void>;
};

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEYS: TEST_API_KEY,
    MAINTENANCE_CACHE_MS: '0',
    // Tests write the database directly and read the diary at once; the cache has its own tests.
    DIARY_CACHE_MS: '0',
    // Most tests hold many bookings from one session and address; the hold limits and the challenge have their
    // own tests (modules/bookings/fair-holds.api.test.ts), which set them.
    MAX_LIVE_HOLDS_PER_SESSION: '100',
    MAX_LIVE_HOLDS_PER_ADDRESS: '1000',
    MAX_LIVE_HOLDS_PER_NETWORK: '10000',
    HOLD_SHARE_PER_NETWORK_PERCENT: '100',
    HOLD_CHALLENGE: 'off',
    LOG_LEVEL: 'silent',
  });
  // No job on a timer: a test runs the pass it needs with app.jobs.runOnce, so nothing changes behind its back.
  return { ...config, jobs: { ...config.jobs, runInBackground: false }, ...overrides };
}

/** A fresh, migrated, empty database for this caller alone (copied from the run's template). */
export async function createTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (testDbKind() === 'postgres') {
    const template = inject('postgresTemplate');
    if (!template) throw new Error('The API test global setup did not prepare a PostgreSQL template.');
    const { name, url } = await newDatabase('links_test', template);
    const database = createPostgresDatabase(url, 5);
    return {
      database,
      dispose: async () => {
        await database.close();
        await dropDatabase(name);
      },
    };
  }
  const templatePath = inject('pgliteTemplatePath');
  if (!templatePath) throw new Error('The API test global setup did not prepare a PGlite template.');
  const loadDataDir = new Blob([await readFile(templatePath)]);
  const database = createPgliteDatabase(await PGlite.create({ loadDataDir }));
  return { database, dispose: () => database.close() };
}

/** Builds the app on a fresh migrated database. Seed inside the test if it needs reference data. */
export async function createTestApp(
  configOverrides: Partial<AppConfig> = {},
  options: { webRoot?: string } = {},
): Promise<TestApp> {
  const config = testConfig(configOverrides);
  const { database, dispose } = await createTestDatabase();
  // The production logger (buildApp's options, redaction and serialisers), at its most verbose, into memory:
  // log-privacy.setup.ts searches what it wrote after every test file.
  const clock = new PinnableClock();
  const app = await buildApp({
    config,
    database,
    clock,
    logger: { level: 'trace', stream: appLogStream },
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  return {
    app,
    database,
    config,
    clock,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

/**
 * An object standing for whichever app `current` answers when one of its parts is read, so that a file can name its
 * app once (`const t = ...`) although the hooks make a new one for every test or for the file.
 */
function standIn<App extends TestApp>(current: () => App | undefined): App {
  return new Proxy({} as App, {
    get: (_target, key) => {
      const app = current();
      if (!app) throw new Error('the test app exists only while the tests run');
      return Reflect.get(app, key);
    },
  });
}

/**
 * Registers (in the file or describe it is called in) the beforeEach that makes a fresh app for every test and the
 * afterEach that closes it. The answer stands for the current test's app: read its parts inside a test or a hook.
 */
export function testAppForEachTest(configOverrides: Partial<AppConfig> = {}): TestApp {
  let current: TestApp | undefined;
  beforeEach(async () => {
    current = await createTestApp(configOverrides);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return standIn(() => current);
}

/**
 * Registers (in the file or describe it is called in) the beforeAll that makes one app with `make` for all its tests
 * and the afterAll that closes it. The answer stands for that app: read its parts inside a test or a hook.
 */
export function appForAllTests<App extends TestApp>(make: () => Promise<App>): App {
  let current: App | undefined;
  beforeAll(async () => {
    current = await make();
  });
  afterAll(async () => current?.close());
  return standIn(() => current);
}

/** Headers every browser call sends: API key and the requested-with marker (plus any extra). */
export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'x-api-key': TEST_API_KEY, 'x-requested-with': 'XMLHttpRequest', ...extra };
}

/** Cookie header made of the Set-Cookie values of a response (name=value pairs only). */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/**
 * Runs GET /csrf like the browser does and returns what a state-changing call must send:
 * `headers: apiHeaders({ cookie, [XSRF header]: token, 'content-type': 'application/json' })`.
 * Spread `csrf.headers` for convenience.
 */
export async function withCsrf(app: FastifyInstance): Promise<{
  cookie: string;
  token: string;
  headers: Record<string, string>;
}> {
  const response = await app.inject({ method: 'GET', url: '/csrf', headers: apiHeaders() });
  if (response.statusCode !== 200) {
    throw new Error(`GET /csrf answered ${response.statusCode}: ${response.body}`);
  }
  const token = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value;
  if (!token) throw new Error('GET /csrf did not set the XSRF-TOKEN cookie');
  const cookie = cookieHeader(response);
  return {
    cookie,
    token,
    headers: apiHeaders({ cookie, [XSRF_HEADER]: token, 'content-type': 'application/json' }),
  };
}
