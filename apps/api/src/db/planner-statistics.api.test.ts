import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingApp } from '../modules/bookings/booking-test-helpers.ts';
import { NOW } from '../test/booking-week.ts';
import type { TestApp } from '../test/test-app.ts';
import type { Db } from './client.ts';
import { analyseChangedTables } from './planner-statistics.ts';

/** Makes this connection's table counters visible now (they are otherwise published within a second). */
async function publishCounters(db: Db): Promise<void> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
}

async function insertHolds(db: Db, from: number, count: number): Promise<void> {
  await db.execute(sql`
    insert into bookings (booking_number, status, hold_expires_at, session_key, client_key, network_key)
    select (1000000000 + g)::text, 'held', now() + interval '10 minutes', 's' || g, 'c' || g, 'n' || (g % 40)
      from generate_series(${from}::integer, ${from + count - 1}::integer) g`);
  await publishCounters(db);
}

async function indexesPlannedFor(db: Db, query: SQL): Promise<string[]> {
  const { rows } = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
  const names = new Set<string>();
  JSON.stringify(rows[0]?.['QUERY PLAN'], (key, value) => {
    if (key === 'Index Name') names.add(value as string);
    return value;
  });
  return [...names].sort();
}

describe('planner statistics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createBookingApp(NOW);
    await t.app.ready();
    await publishCounters(t.database.db);
    // What the seed wrote (the tee slots, the reference tables) is analysed first.
    expect(await t.app.jobs.runOnce('planner-statistics')).toContain('tee_slots');
  });
  afterAll(async () => t?.close());

  it('analyses a table only once it has changed by more than 50 rows and a tenth of its size', async () => {
    const { db } = t.database;
    await publishCounters(db);
    expect(await analyseChangedTables(db)).toEqual([]);
    await insertHolds(db, 1, 40);
    expect(await analyseChangedTables(db)).toEqual([]);
    await insertHolds(db, 41, 1_000);
    expect(await analyseChangedTables(db)).toEqual(['bookings']);
    await publishCounters(db);
    expect(await analyseChangedTables(db)).toEqual([]);
  });

  it("lets the hold limits find a holder's live holds through the holder indexes, not by reading every hold", async () => {
    const { db } = t.database;
    await insertHolds(db, 2_000, 2_000);
    await analyseChangedTables(db);
    const limitsQuery = sql`select count(*) from bookings
      where status = 'held' and hold_expires_at > now() and (session_key = 's2001' or client_key = 'c2001' or network_key = 'n1')`;
    expect(await indexesPlannedFor(db, limitsQuery)).toEqual([
      'bookings_held_client_idx',
      'bookings_held_network_idx',
      'bookings_held_session_idx',
    ]);
  });
});
