import { COURSE_IDS } from '@links/shared/constants';
import type { DiarySlot } from '@links/shared/slot-state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW } from '../../test/booking-week.ts';
import { apiHeaders, type TestApp, withCsrf } from '../../test/test-app.ts';
import {
  bookingBody,
  createBookingApp,
  postBooking,
  type Session,
} from '../bookings/booking-test-helpers.ts';
import { insertBooking, slotIdAt } from './tee-sheet-test-data.ts';

// The sheet read is Monday 23 March, the Monday after NOW.
const DATE = '2026-03-23';
const { championship } = COURSE_IDS;

let t: TestApp;

beforeAll(async () => {
  // A TTL far longer than the test, so "still cached" never depends on timing.
  t = await createBookingApp(NOW, { diaryCacheMs: 60_000 });
});
afterAll(async () => t?.close());

async function sheet(extra = '', cookie?: string): Promise<DiarySlot[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/courses/${championship}/diary?start_date=${DATE}&slot_type=1${extra}`,
    headers: apiHeaders(cookie ? { cookie } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const bookingsIn = (slots: DiarySlot[], slotId: number) =>
  slots.find((slot) => slot.id === slotId)?.bookings.map((booking) => booking.booking_id) ?? [];

/** Two golfers held at a Championship slot through this instance. */
const holdTwo = (session: Session, slotId: number) =>
  postBooking(t.app, session, bookingBody([{ id: championship, slotId }], [1, 1]));

/** A confirmed booking written straight to the database, as another instance or a CLI would: unseen here. */
const writtenElsewhere = (slotId: number, players: number) =>
  insertBooking(t.database.db, {
    status: 'confirmed',
    rounds: [{ courseId: championship, slotId, players }],
  });

describe('the diary micro-cache (decision 006, DIARY_CACHE_MS)', () => {
  it('serves the built sheet again until a write through this instance clears it', async () => {
    const tenAm = await slotIdAt(t.database.db, championship, DATE, '10:00');
    const tenPast = await slotIdAt(t.database.db, championship, DATE, '10:10');
    expect(bookingsIn(await sheet(), tenAm)).toEqual([]);

    // A write this instance did not see (another instance, a CLI): the cached sheet does not show it yet.
    const elsewhere = await writtenElsewhere(tenAm, 2);
    expect(bookingsIn(await sheet(), tenAm)).toEqual([]);

    // A booking id the caller does not own (one that does not exist, another visitor's) changes nothing: anyone
    // could send one, so it must not skip the cache or change the sheet. The cached public sheet answers.
    expect(bookingsIn(await sheet(`&current_booking_id=${elsewhere + 1000}`), tenAm)).toEqual([]);
    expect(bookingsIn(await sheet(`&current_booking_id=${elsewhere}`), tenAm)).toEqual([]);

    // A booking made through this instance clears the cache before its answer leaves.
    const session = await withCsrf(t.app);
    const created = await holdTwo(session, tenPast);
    expect(created.statusCode, created.body).toBe(200);
    const fresh = await sheet();
    expect(bookingsIn(fresh, tenAm)).toEqual([elsewhere]);
    expect(bookingsIn(fresh, tenPast)).toEqual([created.json().data.booking_id]);
  });

  it('is cleared by a refused write too, so the loser of a race re-reads the sheet fresh', async () => {
    const elevenAm = await slotIdAt(t.database.db, championship, DATE, '11:00');
    expect(bookingsIn(await sheet(), elevenAm)).toEqual([]);
    const winner = await writtenElsewhere(elevenAm, 4);
    expect(bookingsIn(await sheet(), elevenAm)).toEqual([]);

    const session = await withCsrf(t.app);
    const lost = await holdTwo(session, elevenAm);
    expect(lost.statusCode, lost.body).toBe(409);
    expect(bookingsIn(await sheet(), elevenAm)).toEqual([winner]);
  });

  it("reads a session's own held booking fresh, without its places; to anyone else that id is the public sheet", async () => {
    const tenTwenty = await slotIdAt(t.database.db, championship, DATE, '10:20');
    const owner = await withCsrf(t.app);
    const created = await holdTwo(owner, tenTwenty);
    expect(created.statusCode, created.body).toBe(200);
    const own = created.json().data.booking_id as number;
    expect(bookingsIn(await sheet(), tenTwenty)).toEqual([own]);

    const elsewhere = await writtenElsewhere(tenTwenty, 2);
    // The owner's view: read now (the other booking shows), its own places left out.
    expect(bookingsIn(await sheet(`&current_booking_id=${own}`, owner.cookie), tenTwenty)).toEqual([
      elsewhere,
    ]);
    // Another visitor naming that booking gets the cached public sheet, the owner's places in it.
    const other = await withCsrf(t.app);
    expect(bookingsIn(await sheet(`&current_booking_id=${own}`, other.cookie), tenTwenty)).toEqual([own]);
    expect(bookingsIn(await sheet(`&current_booking_id=${own}`), tenTwenty)).toEqual([own]);
  });
});
