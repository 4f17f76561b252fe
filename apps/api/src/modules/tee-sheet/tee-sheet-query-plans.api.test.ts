import { COURSE_IDS } from '@links/shared/constants';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyUsageSql } from '../availability/availability.repository.ts';
import { ukMonthDays } from '../availability/uk-month-days.ts';
import { ukDateRange } from '../courses/bookable-dates.ts';
import { diarySlotsSql } from './tee-sheet.repository.ts';
import { createSeededApp, type SeededApp } from './tee-sheet-test-data.ts';

// The diary and the month availability must each stay one indexed query as the tables grow. This loads a busy
// year (a booking in every slot of the next six months, some of them held) and reads the plans.
const NOW = new Date('2026-11-21T12:00:00Z');
let t: SeededApp;

beforeAll(async () => {
  t = await createSeededApp(NOW);
  await t.database.db.execute(sql`
    with busy as (
      select id, course_id from tee_slots where starts_at < timestamptz '2027-05-21T00:00:00Z'
    ), added as (
      insert into bookings (booking_number, status, hold_expires_at)
      select (5000000000 + id)::text,
             case when id % 5 = 0 then 'held'::booking_status else 'confirmed'::booking_status end,
             case when id % 5 = 0 then now() + interval '5 minutes' end
      from busy
      returning id, booking_number
    )
    insert into booking_rounds (booking_id, course_id, slot_id, players)
    select added.id, busy.course_id, busy.id, 2
    from added join busy on added.booking_number = (5000000000 + busy.id)::text`);
  await t.database.db.execute(sql`analyze`);
});
afterAll(async () => t?.close());

async function plan(query: SQL): Promise<string> {
  const result = await t.database.db.execute<{ 'QUERY PLAN': string }>(
    sql`explain (analyze, costs off, timing off, summary off) ${query}`,
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('tee-sheet query plans', () => {
  it('reads one diary day through the slot and round indexes, never a sequential scan', async () => {
    const { from, to } = ukDateRange('2027-01-12', '2027-01-12');
    const text = await plan(
      diarySlotsSql({ courseId: COURSE_IDS.championship, from, to, excludeBookingId: 42 }),
    );
    console.info(`diary plan (${t.database.kind}):\n${text}`);
    expect(text).toMatch(/(Bitmap )?Index (Only )?Scan (using|on) tee_slots_course_starts_at/);
    expect(text).toMatch(/Index (Only )?Scan using booking_rounds_slot_idx/);
    expect(text).not.toMatch(/Seq Scan on (tee_slots|booking_rounds|bookings)/);
  });

  it('reads a month of availability through the same indexes, never a sequential scan', async () => {
    const { days, end } = ukMonthDays('2027-01');
    const text = await plan(dailyUsageSql({ courseId: COURSE_IDS.championship, days, end }));
    console.info(`availability plan (${t.database.kind}):\n${text}`);
    expect(text).toMatch(/(Bitmap )?Index (Only )?Scan (using|on) tee_slots_course_starts_at/);
    expect(text).toMatch(/Index (Only )?Scan using booking_rounds_slot_idx/);
    expect(text).not.toMatch(/Seq Scan on (tee_slots|booking_rounds|bookings)/);
  });
});
