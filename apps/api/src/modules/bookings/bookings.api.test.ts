import { COURSE_IDS, UNDER_16_PLAYER_TYPE_ID } from '@links/shared/constants';
import { savedBookingResponseSchema } from '@links/shared/schemas/bookings';
import { CHAMPIONSHIP_INFO_TEXT, TIME_CONFLICT_TOOLTIP } from '@links/shared/slot-state';
import { londonWallTimeToUtc } from '@links/shared/uk-time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingGolfers, bookingRounds, bookings, courses } from '../../db/schema/index.ts';
import { errorEnvelopeSchema } from '../../lib/envelope.ts';
import { NOW, THURSDAY } from '../../test/booking-week.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import { livePlayersBySlot } from '../tee-sheet/live-bookings.ts';
import { holdExpiring, insertBlock, insertBooking, slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import {
  bookingAppWithVisitor,
  bookingBody,
  patchBooking,
  postBooking,
  type Session,
} from './booking-test-helpers.ts';
import { expireHolds } from './expire-holds.ts';
import { isCapacityViolation } from './save-booking.ts';

const { championship, burnside, buddonLinks } = COURSE_IDS;
const ADULT = 1;

let t: TestApp;
let session: Session;

beforeAll(async () => {
  ({ t, visitor: session } = await bookingAppWithVisitor(NOW));
  // Buddon Links closes early in this file, so its later slots lie after the closing date.
  await t.database.db.update(courses).set({ closingDate: '2026-03-25' }).where(eq(courses.id, buddonLinks));
});
afterAll(async () => t?.close());

const slot = (courseId: number, date: string, time: string) => slotIdAt(t.database.db, courseId, date, time);
/** `players` places of a slot taken by someone else's confirmed booking. */
const takePlaces = (courseId: number, slotId: number, players: number) =>
  insertBooking(t.database.db, { status: 'confirmed', rounds: [{ courseId, slotId, players }] });

/** Step 1 for one round as the file's session; `golfers` are player type ids. */
const postRound = (round: { id: number; slotId: number; caddies?: number }, golfers = [ADULT]) =>
  postBooking(t.app, session, bookingBody([round], golfers));

async function bookingRow(id: number) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

describe('POST /v1/bookings', () => {
  it('holds the places for 10 minutes on the database clock and prices from the server tables', async () => {
    const slotId = await slot(burnside, THURSDAY, '10:00');
    const response = await postBooking(
      t.app,
      session,
      bookingBody([{ id: burnside, slotId, caddies: 1 }], [ADULT, UNDER_16_PLAYER_TYPE_ID], {
        totals: { net: 1, vat: 0, payable: 1, paid: 0, due: 1 },
        booking: { id: null },
        notes: '  Trolley please  ',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    // The route sends the answer it built without the zod serializer: it must match the documented schema exactly.
    expect(savedBookingResponseSchema.parse(response.json())).toEqual(response.json());
    const { data } = response.json();
    // Burnside winter: adult 5500, under 16 2750; the client's totals of 1p are ignored.
    expect(data.totals).toEqual({ net: 6875, vat: 1375, payable: 8250, paid: 0, due: 8250 });
    expect(data.golfers.map((golfer: { total_price: number }) => golfer.total_price)).toEqual([5500, 2750]);
    expect(data.golfers[1].playerTypeId).toBe(UNDER_16_PLAYER_TYPE_ID);
    expect(data.courses).toEqual([
      {
        id: burnside,
        name: 'Burnside Course',
        teeTime: { id: slotId, time: londonWallTimeToUtc(THURSDAY, '10:00').toISOString() },
        caddies: 1,
      },
    ]);
    expect(data.notes).toBe('Trolley please');
    expect(data.status).toBe('held');
    expect(Date.parse(data.hold_expires_at) - Date.parse(data.date_created)).toBe(600_000);
    // The database clock, not the pinned route clock of 2026-03-20.
    expect(Math.abs(Date.parse(data.date_created) - Date.now())).toBeLessThan(60_000);
    expect(data.booking_number).toMatch(/^[1-9]\d{9}$/);

    const row = await bookingRow(data.booking_id);
    expect(row).toMatchObject({ status: 'held', payablePence: 8250, notes: 'Trolley please' });
    expect(row.sessionKey).toMatch(/^[0-9a-f]{64}$|^[\w-]{20,}$/);
    expect(row.clientKey).not.toContain('127.0.0.1');
    const rounds = await t.database.db
      .select()
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, row.id));
    expect(rounds).toMatchObject([{ slotId, players: 2, caddies: 1 }]);
    const golfers = await t.database.db
      .select()
      .from(bookingGolfers)
      .where(eq(bookingGolfers.bookingId, row.id));
    expect(golfers.map((golfer) => golfer.totalPence).sort()).toEqual([2750, 5500]);
    expect((await livePlayersBySlot(t.database.db, [slotId])).get(slotId)).toBe(2);
  });

  it('draws different, non-sequential booking numbers', async () => {
    const numbers: number[] = [];
    for (const time of ['10:10', '10:20', '10:30']) {
      const response = await postRound({ id: burnside, slotId: await slot(burnside, THURSDAY, time) });
      numbers.push(Number(response.json().data.booking_number));
    }
    expect(new Set(numbers).size).toBe(3);
    expect(numbers.some((number, index) => index > 0 && Math.abs(number - numbers[index - 1]!) === 1)).toBe(
      false,
    );
  });

  it('refuses a full slot and a slot without enough places with 409 slot_full naming the tee time', async () => {
    const full = await slot(burnside, THURSDAY, '11:00');
    await takePlaces(burnside, full, 4);
    const refused = await postRound({ id: burnside, slotId: full });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('slot_full');
    expect(refused.json().error.message).toBe(
      BOOKING_MESSAGES.slotFull({
        courseName: 'Burnside Course',
        startsAt: londonWallTimeToUtc(THURSDAY, '11:00'),
      }),
    );
    expect(refused.json().error.message).toContain('Burnside Course on 26th March 2026 at 11:00am');

    const three = await slot(burnside, THURSDAY, '11:10');
    await takePlaces(burnside, three, 3);
    const pair = await postRound({ id: burnside, slotId: three }, [ADULT, ADULT]);
    expect(pair.statusCode).toBe(409);
    // Error envelopes are sent as the error handler's own JSON text: the documented shape, nothing more.
    expect(pair.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(errorEnvelopeSchema.parse(pair.json())).toEqual(pair.json());
    expect(pair.json().error).toMatchObject({
      code: 'slot_full',
      fields: { 'courses.0.teeTime.id': expect.any(String) },
    });
    expect(pair.json().error.message).toContain('1 place left');
    const single = await postBooking(t.app, session, bookingBody([{ id: burnside, slotId: three }], [ADULT]));
    expect(single.statusCode).toBe(200);
  });

  it('applies the Championship rule: no single golfer on an empty slot, but one may join a group', async () => {
    const empty = await slot(championship, THURSDAY, '09:00');
    const single = await postRound({ id: championship, slotId: empty });
    expect(single.statusCode).toBe(409);
    expect(single.json().error).toMatchObject({
      code: 'championship_min_golfers',
      message: CHAMPIONSHIP_INFO_TEXT,
    });

    const started = await slot(championship, THURSDAY, '09:10');
    await takePlaces(championship, started, 2);
    const joins = await postRound({ id: championship, slotId: started });
    expect(joins.statusCode).toBe(200);
    const pair = await postRound({ id: championship, slotId: empty }, [ADULT, ADULT]);
    expect(pair.statusCode).toBe(200);
    // Championship adult winter 16500 each.
    expect(pair.json().data.totals.payable).toBe(33000);
  });

  it('refuses tee times that overlap a round on another course', async () => {
    const body = bookingBody(
      [
        { id: championship, slotId: await slot(championship, THURSDAY, '09:20') },
        { id: burnside, slotId: await slot(burnside, THURSDAY, '12:00') },
      ],
      [ADULT, ADULT],
    );
    const response = await postBooking(t.app, session, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'time_conflict', message: TIME_CONFLICT_TOOLTIP });
  });

  it('books a combination on two courses far enough apart', async () => {
    const body = bookingBody(
      [
        { id: championship, slotId: await slot(championship, '2026-03-27', '09:00') },
        { id: burnside, slotId: await slot(burnside, '2026-03-27', '14:00') },
      ],
      [ADULT, ADULT],
    );
    const response = await postBooking(t.app, session, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.courses.map((course: { id: number }) => course.id)).toEqual([
      championship,
      burnside,
    ]);
    expect(response.json().data.totals.payable).toBe(2 * (16500 + 5500));
  });

  it('refuses caddies inside 24 hours and caddies above the golfer count', async () => {
    const today = await slot(burnside, '2026-03-20', '14:00');
    const late = await postRound({ id: burnside, slotId: today, caddies: 1 });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({
      code: 'caddies_not_available',
      fields: { 'courses.0.caddies': expect.any(String) },
    });
    const noCaddies = await postRound({ id: burnside, slotId: today });
    expect(noCaddies.statusCode).toBe(200);

    const later = await slot(burnside, THURSDAY, '12:10');
    const tooMany = await postRound({ id: burnside, slotId: later, caddies: 2 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { 'courses.0.caddies': 'You can book at most one caddie per golfer.' },
    });
  });

  it('refuses blocked, started and after-closing tee times', async () => {
    const blockedSlot = await slot(burnside, '2026-03-27', '10:00');
    await insertBlock(t.database.db, {
      courseId: burnside,
      date: '2026-03-27',
      from: '10:00',
      to: '11:00',
      reason: 'maintenance',
    });
    const blocked = await postRound({ id: burnside, slotId: blockedSlot });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.code).toBe('tee_time_unavailable');
    expect(blocked.json().error.message).toContain('no longer available');

    const started = await slot(championship, '2026-03-20', '09:00');
    const past = await postRound({ id: championship, slotId: started }, [ADULT, ADULT]);
    expect(past.statusCode).toBe(409);
    expect(past.json().error.message).toContain('already passed');

    const afterClosing = await slot(buddonLinks, THURSDAY, '09:00');
    const closed = await postRound({ id: buddonLinks, slotId: afterClosing });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().error.code).toBe('date_not_bookable');
  });

  it('refuses unknown courses, unknown slots, slots of another course and unknown player types', async () => {
    const burnsideSlot = await slot(burnside, THURSDAY, '14:00');
    const unknownCourse = await postRound({ id: 99, slotId: burnsideSlot });
    expect(unknownCourse.statusCode).toBe(400);
    expect(unknownCourse.json().error.code).toBe('unknown_course');

    const unknownSlot = await postRound({ id: burnside, slotId: 99_999_999 });
    expect(unknownSlot.statusCode).toBe(400);
    expect(unknownSlot.json().error).toMatchObject({
      code: 'unknown_tee_time',
      fields: { 'courses.0.teeTime.id': expect.any(String) },
    });

    const otherCourse = await postRound({ id: championship, slotId: burnsideSlot }, [ADULT, ADULT]);
    expect(otherCourse.statusCode).toBe(400);
    expect(otherCourse.json().error.code).toBe('unknown_tee_time');

    const unknownType = await postRound({ id: burnside, slotId: burnsideSlot }, [77]);
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error.code).toBe('unknown_player_type');
  });

  it('refuses bad bodies with 400 validation_failed: 0 or 5 golfers, duplicated courses, no tee time', async () => {
    const slotId = await slot(burnside, THURSDAY, '14:10');
    const cases = [
      bookingBody([{ id: burnside, slotId }], []),
      bookingBody([{ id: burnside, slotId }], [ADULT, ADULT, ADULT, ADULT, ADULT]),
      bookingBody(
        [
          { id: burnside, slotId },
          { id: burnside, slotId },
        ],
        [ADULT],
      ),
      {
        ...bookingBody([{ id: burnside, slotId }], [ADULT]),
        courses: [{ id: burnside, teeTime: null, caddies: 0 }],
      },
      { ...bookingBody([{ id: burnside, slotId }], [ADULT]), courses: [] },
      { ...bookingBody([{ id: burnside, slotId }], [ADULT]), notes: 'x'.repeat(2001) },
      {
        ...bookingBody([{ id: burnside, slotId }], [ADULT]),
        golfers: [
          { id: 1, playerTypeId: ADULT },
          { id: 1, playerTypeId: ADULT },
        ],
      },
    ];
    for (const body of cases) {
      const response = await postBooking(t.app, session, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const noTeeTime = await postBooking(t.app, session, cases[3]);
    expect(noTeeTime.json().error.fields['courses.0.teeTime']).toBe(
      'Please select tee times for all courses.',
    );
    // Nothing was written by any of them.
    expect((await livePlayersBySlot(t.database.db, [slotId])).get(slotId)).toBe(0);
  });

  it('needs the CSRF-protected session', async () => {
    const slotId = await slot(burnside, THURSDAY, '14:20');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/bookings',
      headers: { ...session.headers, cookie: '' },
      payload: bookingBody([{ id: burnside, slotId }], [ADULT]),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /v1/bookings/:id', () => {
  async function create(courseId: number, date: string, time: string, types: number[], as = session) {
    const response = await postBooking(
      t.app,
      as,
      bookingBody([{ id: courseId, slotId: await slot(courseId, date, time) }], types),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  it('changes golfers, tee time, caddies and notes, re-prices, and keeps the hold deadline', async () => {
    const created = await create(burnside, '2026-03-30', '10:00', [ADULT]);
    const championshipSlot = await slot(championship, '2026-03-30', '09:00');
    const response = await patchBooking(
      t.app,
      session,
      created.booking_id,
      bookingBody(
        [{ id: championship, slotId: championshipSlot, caddies: 2 }],
        [ADULT, UNDER_16_PLAYER_TYPE_ID, ADULT],
        {
          notes: 'Buggy',
          totals: { payable: 0 },
        },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(savedBookingResponseSchema.parse(response.json())).toEqual(response.json());
    const { data } = response.json();
    expect(data.booking_id).toBe(created.booking_id);
    expect(data.booking_number).toBe(created.booking_number);
    expect(data.hold_expires_at).toBe(created.hold_expires_at);
    expect(data.date_created).toBe(created.date_created);
    expect(data.totals.payable).toBe(16500 + 8250 + 16500);
    expect(data.courses).toMatchObject([{ id: championship, caddies: 2, teeTime: { id: championshipSlot } }]);
    const rounds = await t.database.db
      .select()
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, created.booking_id));
    expect(rounds).toMatchObject([
      { courseId: championship, slotId: championshipSlot, players: 3, caddies: 2 },
    ]);
    expect(await bookingRow(created.booking_id)).toMatchObject({ notes: 'Buggy', payablePence: 41250 });
    // The old slot is free again.
    const oldSlot = await slot(burnside, '2026-03-30', '10:00');
    expect((await livePlayersBySlot(t.database.db, [oldSlot])).get(oldSlot)).toBe(0);
  });

  it("never counts the booking's own places against it", async () => {
    const slotId = await slot(burnside, '2026-03-30', '10:10');
    await takePlaces(burnside, slotId, 1);
    const created = await create(burnside, '2026-03-30', '10:10', [ADULT, ADULT, ADULT]);
    const same = await patchBooking(
      t.app,
      session,
      created.booking_id,
      bookingBody([{ id: burnside, slotId }], [ADULT, ADULT, ADULT], { notes: 'n' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    const more = await patchBooking(
      t.app,
      session,
      created.booking_id,
      bookingBody([{ id: burnside, slotId }], [ADULT, ADULT, ADULT, ADULT]),
    );
    expect(more.statusCode).toBe(409);
    expect(more.json().error.code).toBe('slot_full');
  });

  it('answers another session, an unknown id and a malformed id with 404 or 400', async () => {
    const created = await create(burnside, '2026-03-30', '10:20', [ADULT]);
    const stranger = await withCsrf(t.app);
    const body = bookingBody(
      [{ id: burnside, slotId: await slot(burnside, '2026-03-30', '10:20') }],
      [ADULT, ADULT],
    );
    const foreign = await patchBooking(t.app, stranger, created.booking_id, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({
      code: 'booking_not_found',
      message: "We don't recognise this booking.",
    });
    expect((await patchBooking(t.app, session, 987_654, body)).statusCode).toBe(404);
    expect((await patchBooking(t.app, session, 'abc', body)).statusCode).toBe(400);
    // The stranger changed nothing.
    const rounds = await t.database.db
      .select()
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, created.booking_id));
    expect(rounds[0]?.players).toBe(1);
  });

  it('refuses a hold that has ended (410) and a paid booking (409)', async () => {
    const created = await create(burnside, '2026-03-30', '10:30', [ADULT]);
    const body = bookingBody(
      [{ id: burnside, slotId: await slot(burnside, '2026-03-30', '10:30') }],
      [ADULT, ADULT],
    );
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.id, created.booking_id));
    const lapsed = await patchBooking(t.app, session, created.booking_id, body);
    expect(lapsed.statusCode).toBe(410);
    expect(lapsed.json().error).toEqual({ code: 'booking_expired', message: BOOKING_MESSAGES.expired });

    const paid = await create(burnside, '2026-03-30', '10:40', [ADULT]);
    await t.database.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, paid.booking_id));
    const confirmed = await patchBooking(t.app, session, paid.booking_id, body);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error.code).toBe('booking_confirmed');
  });
});

describe('holds, the release grace and the sweep', () => {
  it('keeps places taken one minute after the hold ends, then releases them', async () => {
    const slotId = await slot(burnside, '2026-03-31', '10:00');
    const hold = await insertBooking(t.database.db, {
      status: 'held',
      holdExpiresAt: holdExpiring.thirtySecondsAgo,
      rounds: [{ courseId: burnside, slotId, players: 4 }],
    });
    const body = bookingBody([{ id: burnside, slotId }], [ADULT]);
    expect((await postBooking(t.app, session, body)).statusCode).toBe(409);
    expect(await expireHolds(t.database.db)).not.toContain(hold);

    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: holdExpiring.twoMinutesAgo })
      .where(eq(bookings.id, hold));
    // Capacity does not wait for the sweep: the lapsed hold no longer counts.
    expect((await postBooking(t.app, session, body)).statusCode).toBe(200);
    const swept = await expireHolds(t.database.db);
    expect(swept).toContain(hold);
    expect((await bookingRow(hold)).status).toBe('expired');
    expect(await expireHolds(t.database.db)).toEqual([]);
  });

  it('has a database backstop that refuses over-capacity commits, with the same live definition', async () => {
    const slotId = await slot(burnside, '2026-03-31', '11:00');
    await takePlaces(burnside, slotId, 3);
    // A writer that skips the engine's locked count is still stopped by the capacity triggers.
    await expect(
      insertBooking(t.database.db, { status: 'held', rounds: [{ courseId: burnside, slotId, players: 2 }] }),
    ).rejects.toSatisfy(isCapacityViolation);
    // Holds inside the release grace count for the trigger too; released ones do not.
    await expect(
      insertBooking(t.database.db, {
        status: 'held',
        holdExpiresAt: holdExpiring.thirtySecondsAgo,
        rounds: [{ courseId: burnside, slotId, players: 2 }],
      }),
    ).rejects.toSatisfy(isCapacityViolation);
    await insertBooking(t.database.db, {
      status: 'held',
      holdExpiresAt: holdExpiring.twoMinutesAgo,
      rounds: [{ courseId: burnside, slotId, players: 2 }],
    });
    expect((await livePlayersBySlot(t.database.db, [slotId])).get(slotId)).toBe(3);
    // Reviving the released hold would oversell: refused too.
    await expect(
      t.database.db.execute(sql`update bookings set hold_expires_at = now() + interval '5 minutes'
        where id in (select booking_id from booking_rounds where slot_id = ${slotId}) and status = 'held'`),
    ).rejects.toSatisfy(isCapacityViolation);
  });
});
