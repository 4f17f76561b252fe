import { COURSE_IDS } from '@links/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, rateLimitCounters } from '../../db/schema/index.ts';
import { NOW, THURSDAY } from '../../test/booking-week.ts';
import { type TestApp, testConfig, withCsrf } from '../../test/test-app.ts';
import { insertBooking, slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import {
  bookingBody,
  bookingSettings,
  createBookingApp,
  postBooking,
  type Session,
} from './booking-test-helpers.ts';
import { FAIR_HOLD_MESSAGES } from './fair-holds.ts';

const { burnside } = COURSE_IDS;

describe('live holds per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createBookingApp(
      NOW,
      bookingSettings({
        maxLiveHolds: { session: 100, address: 2, network: 100, operator: 100 },
        createRateLimit: { max: 100, windowSeconds: 600 },
      }),
    );
  });
  afterAll(async () => t?.close());

  /** One golfer held on Burnside at `time` on Thursday, from `session`. */
  const holdAt = async (session: Session, time: string) =>
    postBooking(
      t.app,
      session,
      bookingBody([{ id: burnside, slotId: await slotIdAt(t.database.db, burnside, THURSDAY, time) }], [1]),
    );

  it('answers 429 once an address holds the maximum, and again allows a booking when one lapses', async () => {
    const session = await withCsrf(t.app);
    const ids: number[] = [];
    for (const time of ['10:00', '10:10']) {
      const response = await holdAt(session, time);
      expect(response.statusCode).toBe(200);
      ids.push(response.json().data.booking_id);
    }
    // Another browser session from the same address counts too.
    const other = await withCsrf(t.app);
    const third = await holdAt(other, '10:20');
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toEqual({
      code: 'too_many_holds',
      message: FAIR_HOLD_MESSAGES.tooManyFromConnection,
    });

    // A hold released by time (past the one-minute grace) no longer counts, swept or not.
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '2 minutes'` })
      .where(eq(bookings.id, ids[0]!));
    const retry = await holdAt(other, '10:20');
    expect(retry.statusCode).toBe(200);
    // Confirmed bookings are not holds.
    await t.database.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, ids[1]!));
    const fourth = await holdAt(other, '10:30');
    expect(fourth.statusCode).toBe(200);
  });
});

describe('booking creation rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createBookingApp(NOW, bookingSettings({ createRateLimit: { max: 3, windowSeconds: 600 } }));
  });
  afterAll(async () => t?.close());

  it('answers 429 with Retry-After after the limit, counting attempts the booking refused too', async () => {
    const session = await withCsrf(t.app);
    const full = await slotIdAt(t.database.db, burnside, THURSDAY, '11:00');
    await insertBooking(t.database.db, {
      status: 'confirmed',
      rounds: [{ courseId: burnside, slotId: full, players: 4 }],
    });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await postBooking(t.app, session, bookingBody([{ id: burnside, slotId: full }], [1]));
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error.code).toBe('rate_limited');
        const retryAfter = Number(response.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(600);
      }
    }
    expect(statuses).toEqual([409, 409, 409, 429]);
    // The address is stored only as a keyed hash.
    const counters = await t.database.db.select().from(rateLimitCounters);
    expect(counters).toHaveLength(1);
    expect(counters[0]!.key).not.toContain('127.0.0.1');
    // The refused fourth attempt counted nothing.
    expect(counters[0]!.hitsAt).toHaveLength(3);
  });
});

describe('hold sweeper worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = testConfig();
    t = await createBookingApp(NOW, {
      jobs: { runInBackground: true, intervalsMs: { ...config.jobs.intervalsMs, 'hold-sweep': 50 } },
    });
    await t.app.ready();
  });
  afterAll(async () => t?.close());

  it('marks lapsed holds expired in the background, and leaves live ones alone', async () => {
    const slotId = await slotIdAt(t.database.db, burnside, THURSDAY, '12:00');
    const lapsed = await insertBooking(t.database.db, {
      status: 'held',
      holdExpiresAt: sql`now() - interval '2 minutes'`,
      rounds: [{ courseId: burnside, slotId, players: 1 }],
    });
    const live = await insertBooking(t.database.db, {
      status: 'held',
      rounds: [{ courseId: burnside, slotId, players: 1 }],
    });
    const statusOf = async (id: number) =>
      (await t.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]
        ?.status;
    const deadline = Date.now() + 5000;
    while ((await statusOf(lapsed)) !== 'expired' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await statusOf(lapsed)).toBe('expired');
    expect(await statusOf(live)).toBe('held');
  });
});
