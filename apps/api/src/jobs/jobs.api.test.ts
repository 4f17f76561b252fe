import { COURSE_IDS } from '@links/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SETTINGS } from '../config/job-settings.ts';
import { bookings } from '../db/schema/index.ts';
import { createBookingApp } from '../modules/bookings/booking-test-helpers.ts';
import { insertBooking, slotIdAt } from '../modules/tee-sheet/tee-sheet-test-data.ts';
import { NOW } from '../test/booking-week.ts';
import { type TestApp, testConfig } from '../test/test-app.ts';
import { JOBS } from './index.ts';

describe('background jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test configuration's switch, with a sweep interval that would have run many times during the test.
    const { jobs } = testConfig();
    t = await createBookingApp(NOW, {
      jobs: { runInBackground: false, intervalsMs: { ...jobs.intervalsMs, 'hold-sweep': 10 } },
    });
    await t.app.ready();
  });
  afterAll(async () => t?.close());

  it('lists every job with a switch of its own (the maintenance flag: its cache window)', () => {
    expect(Object.keys(JOBS).sort()).toEqual([...Object.keys(JOB_SETTINGS), 'maintenance-flag'].sort());
    for (const [name, job] of Object.entries(JOBS)) expect(job.name).toBe(name);
  });

  it('runs no job on a timer when runInBackground is off (tests); each pass runs when a test asks', async () => {
    const slotId = await slotIdAt(t.database.db, COURSE_IDS.burnside, '2026-03-26', '12:00');
    const lapsed = await insertBooking(t.database.db, {
      status: 'held',
      holdExpiresAt: sql`now() - interval '2 minutes'`,
      rounds: [{ courseId: COURSE_IDS.burnside, slotId, players: 1 }],
    });
    const statusOf = async () =>
      (
        await t.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, lapsed))
      )[0]?.status;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf()).toBe('held');
    expect(await t.app.jobs.runOnce('hold-sweep')).toEqual([lapsed]);
    expect(await statusOf()).toBe('expired');
    expect(await t.app.jobs.runOnce('hold-sweep')).toEqual([]);
  });

  it('refreshes planner statistics only on the embedded database: a PostgreSQL server does it in autovacuum', () => {
    const { jobs } = testConfig();
    const config = testConfig({
      jobs: { ...jobs, intervalsMs: { ...jobs.intervalsMs, 'planner-statistics': 45_000 } },
    });
    expect(JOBS['planner-statistics'].intervalMs({ ...config, databaseUrl: undefined })).toBe(45_000);
    expect(
      JOBS['planner-statistics'].intervalMs({ ...config, databaseUrl: 'postgres://db.example/links' }),
    ).toBe(0);
  });

  it('runs one pass of every job on this database without an error', async () => {
    for (const name of Object.keys(JOBS) as Array<keyof typeof JOBS>) {
      await expect(t.app.jobs.runOnce(name), name).resolves.not.toThrow();
    }
  });
});
