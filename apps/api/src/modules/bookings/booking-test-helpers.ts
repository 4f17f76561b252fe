import type { SaveBookingBodyInput } from '@links/shared/schemas/bookings';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { createTestApp, type TestApp, type withCsrf } from '../../test/test-app.ts';
import { setRouteClock } from '../courses/clock.ts';

// Test-only helpers for the booking API tests.

/** Limits high enough that only the tests about limits meet them. */
export const GENEROUS_LIMITS: Partial<AppConfig> = {
  bookings: {
    maxLiveHoldsPerAddress: 1000,
    createRateLimit: { max: 10_000, windowSeconds: 600 },
    holdSweepIntervalMs: 0,
  },
};

/**
 * A seeded app whose route clock (today, "has the tee time started", caddie notice) is pinned to `now`. Holds
 * run on the database clock, which tests move by rewriting hold_expires_at relative to now().
 */
export async function createBookingApp(now: Date, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const testApp = await createTestApp({ ...GENEROUS_LIMITS, ...overrides });
  await seedDatabase(testApp.database.db, { demo: false, now });
  setRouteClock(testApp.app.config, () => now);
  return testApp;
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
