import { COURSE_IDS } from '@links/shared/constants';
import type { SaveBookingBodyInput } from '@links/shared/schemas/bookings';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppConfig } from '../../config/env.ts';
import { createPostgresDatabase, type Database } from '../../db/client.ts';
import { seedDatabase } from '../../seed/index.ts';
import { THURSDAY } from '../../test/booking-week.ts';
import { createTestApp, type TestApp, testConfig, withCsrf } from '../../test/test-app.ts';
import {
  createDatabaseFrom,
  databaseUrlFor,
  dropDatabase,
  uniqueDatabaseName,
} from '../../test/test-database.ts';
import { slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';

// Test-only helpers for the booking API tests.

/** Limits high enough that only the tests about limits meet them. */
export const GENEROUS_LIMITS: Partial<AppConfig> = {
  bookings: {
    ...testConfig().bookings,
    createRateLimit: { max: 10_000, windowSeconds: 600 },
  },
};

/** The test configuration's booking settings with `changes` (limit tests set only what they test). */
export function bookingSettings(changes: Partial<AppConfig['bookings']>): Partial<AppConfig> {
  return { bookings: { ...testConfig().bookings, ...changes } };
}

/**
 * A seeded app whose route clock (today, "has the tee time started", caddie notice) is pinned to `now`. Holds
 * run on the database clock, which tests move by rewriting hold_expires_at relative to now().
 */
export async function createBookingApp(
  now: Date,
  overrides: Partial<AppConfig> = {},
  options: { webRoot?: string } = {},
): Promise<TestApp> {
  const testApp = await createTestApp({ ...GENEROUS_LIMITS, ...overrides }, options);
  await seedDatabase(testApp.database.db, { demo: false, now });
  testApp.clock.pin(() => now);
  return testApp;
}

/** createBookingApp, and a visitor's browser session on it (a fresh CSRF cookie and token). */
export async function bookingAppWithVisitor(now: Date, overrides: Partial<AppConfig> = {}) {
  const t = await createBookingApp(now, overrides);
  return { t, visitor: await withCsrf(t.app) };
}

/**
 * Two app instances, each with its own pool of `poolSize` connections, on one new PostgreSQL database (named from
 * `prefix`) copied from the test template and seeded at `now`: two API processes sharing one database. Call it in a
 * describe: it registers the beforeAll that fills `apps` and `databases` and the afterAll that drops the database.
 */
export function twoInstancesOnOneDatabase(
  prefix: string,
  now: Date,
  poolSize: number,
  overrides: Partial<AppConfig> = {},
) {
  const name = uniqueDatabaseName(prefix);
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    await createDatabaseFrom(name, inject('postgresTemplate'));
    for (let instance = 0; instance < 2; instance += 1) {
      const database = createPostgresDatabase(databaseUrlFor(name), poolSize);
      databases.push(database);
      const app = await buildApp({
        config: testConfig({ ...GENEROUS_LIMITS, ...overrides }),
        database,
        clock: { now: () => now },
        logger: false,
      });
      apps.push(app);
    }
    await seedDatabase(databases[0]!.db, { demo: false, now });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await dropDatabase(name);
  });

  return { apps, databases };
}

export type Session = Awaited<ReturnType<typeof withCsrf>>;

export function postBooking(app: FastifyInstance, session: Session, body: SaveBookingBodyInput | unknown) {
  return app.inject({
    method: 'POST',
    url: '/v1/bookings',
    headers: session.headers,
    payload: body as object,
  });
}

export function patchBooking(
  app: FastifyInstance,
  session: Session,
  id: number | string,
  body: SaveBookingBodyInput | unknown,
) {
  return app.inject({
    method: 'PATCH',
    url: `/v1/bookings/${id}`,
    headers: session.headers,
    payload: body as object,
  });
}

export function bookingBody(
  courses: Array<{ id: number; slotId: number; caddies?: number }>,
  playerTypeIds: number[],
  extra: Record<string, unknown> = {},
) {
  return {
    courses: courses.map((course) => ({
      id: course.id,
      teeTime: { id: course.slotId, time: 'ignored', isValid: true },
      caddies: course.caddies ?? 0,
    })),
    golfers: playerTypeIds.map((playerTypeId, index) => ({ id: index + 1, playerTypeId })),
    notes: '',
    ...extra,
  };
}

/** A booking held by `session` of `golfers` adults in a Burnside tee slot; fails the test unless it is taken. */
export async function holdBurnsideSlot(t: TestApp, session: Session, slotId: number, golfers = 1) {
  const response = await postBooking(
    t.app,
    session,
    bookingBody(
      [{ id: COURSE_IDS.burnside, slotId }],
      Array.from({ length: golfers }, () => 1),
    ),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { booking_id: number; booking_number: string; totals: { payable: number } };
}

/** holdBurnsideSlot at `time` on THURSDAY: the answer's data and the slot. */
export async function holdThursday(t: TestApp, session: Session, time: string, golfers = 1) {
  const slotId = await slotIdAt(t.database.db, COURSE_IDS.burnside, THURSDAY, time);
  return { ...(await holdBurnsideSlot(t, session, slotId, golfers)), slotId };
}
