import { COURSE_IDS } from '@links/shared/constants';
import { GROUP_MESSAGES } from '@links/shared/groups';
import { CHANGE_MESSAGES, MOVE_MESSAGES } from '@links/shared/schemas/staff-bookings';
import { readIcsEvents } from '@links/shared/test/read-ics';
import { londonWallTimeToUtc } from '@links/shared/uk-time';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRounds, bookings, invoices, teeSlots } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import { testDbKind } from '../../test/test-database.ts';
import { addOperator, type Browser, login, PASSWORD } from '../auth/test/auth-test-helpers.ts';
import {
  mailsAbout,
  openCardPayment,
  operatorDetails,
  payWithCard,
  recordPayment,
  saveDetails,
} from '../contact-details/operator-test-helpers.ts';
import { sendFrom, staffBrowser } from '../staff/test/staff-test-helpers.ts';
import { livePlayersBySlot } from '../tee-sheet/live-bookings.ts';
import { insertBlock, insertBooking, slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import {
  bookingBody,
  bookingSettings,
  createBookingApp,
  patchBooking,
  postBooking,
  type Session,
  twoInstancesOnOneDatabase,
} from './booking-test-helpers.ts';

// Issue 24 point 5: a tour operator's group of 5 to 16 golfers books consecutive tee times on one course and day in
// one booking: one hold, one price, one confirmation. Each tee time keeps its own capacity rules; visitors book at
// most four, as the spec says.

const DATE = '2026-05-27';
const { burnside, championship } = COURSE_IDS;

let t: TestApp;
let operator: Session;
let desk: Browser;

beforeAll(async () => {
  t = await createBookingApp(NOW);
  await addOperator(t.database.db, { username: 'fairway' });
  operator = (await login(t.app, 'fairway', PASSWORD)).after;
  desk = await staffBrowser(t, { username: 'group.desk', role: 'reservations' });
});
afterAll(async () => t?.close());

const slot = (time: string, course: number = burnside) => slotIdAt(t.database.db, course, DATE, time);
const adults = (count: number) => Array.from({ length: count }, () => 1);
const roundsOf = (bookingId: number) =>
  t.database.db
    .select({ slotId: bookingRounds.slotId, players: bookingRounds.players, startsAt: teeSlots.startsAt })
    .from(bookingRounds)
    .innerJoin(teeSlots, eq(teeSlots.id, bookingRounds.slotId))
    .where(eq(bookingRounds.bookingId, bookingId))
    .orderBy(asc(teeSlots.startsAt));
const heldCount = async () => (await t.database.db.select().from(bookings)).length;

/** Step 1 for `golfers` adults on Burnside from the tee time at `from` (a time on DATE, or a slot id). */
const holdGroup = async (from: string | number, golfers: number, session: Session = operator) =>
  postBooking(
    t.app,
    session,
    bookingBody(
      [{ id: burnside, slotId: typeof from === 'number' ? from : await slot(from) }],
      adults(golfers),
    ),
  );

async function adultFee(): Promise<number> {
  const quote = await t.app.inject({
    method: 'POST',
    url: '/v1/tickets/prices',
    headers: operator.headers,
    payload: { golfers: [{ id: 1, playerTypeId: 1 }], courses: [{ id: burnside, teeTime: { date: DATE } }] },
  });
  return quote.json().data.totals.payable as number;
}

describe('groups of more than four golfers', () => {
  it('holds a group of 5 on two consecutive tee times (3 + 2), priced once per golfer; a change to 9 takes three', async () => {
    const fee = await adultFee();
    const held = await holdGroup('10:00', 5);
    expect(held.statusCode, held.body).toBe(200);
    const data = held.json().data;
    expect(data.courses.map((round: { teeTime: { id: number } }) => round.teeTime.id)).toEqual([
      await slot('10:00'),
      await slot('10:10'),
    ]);
    expect(data.golfers).toHaveLength(5);
    expect(data.totals.payable).toBe(5 * fee);
    expect((await roundsOf(data.booking_id)).map((round) => round.players)).toEqual([3, 2]);

    const nine = await patchBooking(
      t.app,
      operator,
      data.booking_id,
      bookingBody([{ id: burnside, slotId: await slot('10:00'), caddies: 4 }], adults(9)),
    );
    expect(nine.statusCode, nine.body).toBe(200);
    expect(nine.json().data.totals.payable).toBe(9 * fee);
    const rounds = await roundsOf(data.booking_id);
    expect(rounds.map((round) => round.players)).toEqual([3, 3, 3]);
    expect(rounds.map((round) => round.slotId)).toEqual([
      await slot('10:00'),
      await slot('10:10'),
      await slot('10:20'),
    ]);
    const live = await livePlayersBySlot(
      t.database.db,
      rounds.map((round) => round.slotId),
    );
    expect([...live.values()]).toEqual([3, 3, 3]);
    const caddies = await t.database.db
      .select({ caddies: bookingRounds.caddies })
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, data.booking_id));
    expect(caddies.map((round) => round.caddies).reduce((sum, each) => sum + each, 0)).toBe(4);
  });

  it('refuses a group to a visitor with the spec count message, and a group on two courses, holding nothing', async () => {
    const before = await heldCount();
    const visitor = await withCsrf(t.app);
    const refused = await holdGroup('12:00', 5, visitor);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual({ golfers: 'Please add between 1 and 4 golfers.' });

    const twoCourses = await postBooking(
      t.app,
      operator,
      bookingBody(
        [
          { id: championship, slotId: await slot('09:00', championship) },
          { id: burnside, slotId: await slot('14:00') },
        ],
        adults(6),
      ),
    );
    expect(twoCourses.statusCode, twoCourses.body).toBe(400);
    expect(Object.values(twoCourses.json().error.fields)).toContain(GROUP_MESSAGES.oneCourse);

    const seventeen = await holdGroup('12:00', 17);
    expect(seventeen.statusCode).toBe(400);
    expect(Object.values(seventeen.json().error.fields)).toContain(GROUP_MESSAGES.count);
    expect(await heldCount()).toBe(before);
  });

  it('keeps each tee time’s capacity: a later tee time with too few places, or the day’s end, refuses the group', async () => {
    const before = await heldCount();
    // Someone else holds 3 of the 4 places at 11:10: a group of 5 from 11:00 needs 2 there.
    await insertBooking(t.database.db, {
      status: 'confirmed',
      rounds: [{ courseId: burnside, slotId: await slot('11:10'), players: 3 }],
    } as Parameters<typeof insertBooking>[1]);
    const crowded = await holdGroup('11:00', 5);
    expect(crowded.statusCode, crowded.body).toBe(409);
    expect(crowded.json().error.code).toBe('slot_full');
    expect(crowded.json().error.message).toContain('11:10');

    const [last] = await t.database.db
      .select({ id: teeSlots.id, startsAt: teeSlots.startsAt })
      .from(teeSlots)
      .where(eq(teeSlots.courseId, burnside))
      .orderBy(asc(teeSlots.startsAt))
      .then((rows) => rows.filter((row) => row.startsAt.toISOString().startsWith(DATE)).slice(-1));
    const late = await holdGroup(last!.id, 6);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.code).toBe('group_tee_times_unavailable');
    expect(late.json().error.message).toBe(
      GROUP_MESSAGES.notEnoughTeeTimes(2, late.json().error.message.match(/from (\d\d:\d\d)/)[1]),
    );
    // Burnside's morning window ends at 12:20 and the afternoon's starts at 14:00: no group spans the break.
    const lunch = await holdGroup('12:20', 5);
    expect(lunch.statusCode, lunch.body).toBe(409);
    expect(lunch.json().error.message).toBe(GROUP_MESSAGES.notConsecutive('12:20'));
    expect(await heldCount()).toBe(before + 1);
  });

  it('takes sixteen on four full tee times; a blocked tee time inside the run refuses the group', async () => {
    const sixteen = await holdGroup('14:00', 16);
    expect(sixteen.statusCode, sixteen.body).toBe(200);
    expect((await roundsOf(sixteen.json().data.booking_id)).map((round) => round.players)).toEqual([
      4, 4, 4, 4,
    ]);

    // 15:20 is blocked for a competition: a group of 9 from 15:10 would need it.
    await insertBlock(t.database.db, {
      courseId: burnside,
      date: DATE,
      from: '15:20',
      to: '15:30',
      reason: 'competition',
    });
    const before = await heldCount();
    const blocked = await holdGroup('15:10', 9);
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().error.code).toBe('tee_time_unavailable');
    expect(blocked.json().error.message).toContain('3:20pm');
    expect(await heldCount()).toBe(before);
  });

  it('is paid as one booking: one card payment for the group, one VAT invoice naming each tee time', async () => {
    const held = await holdGroup('11:30', 6);
    expect(held.statusCode, held.body).toBe(200);
    const { booking_id: bookingId, totals } = held.json().data as {
      booking_id: number;
      totals: { payable: number };
    };
    const intent = await openCardPayment(t, operator, bookingId, operatorDetails('online'));
    expect(intent.amount).toBe(totals.payable);
    expect((await payWithCard(t, operator, intent)).statusCode).toBe(200);
    expect((await recordPayment(t, operator, bookingId, intent.id)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'confirmed', paidPence: totals.payable });
    const issued = await t.database.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));
    expect(issued).toHaveLength(1);
    expect(issued[0]?.grossPence).toBe(totals.payable);
    const description = JSON.stringify(issued[0]?.lines);
    expect(description).toContain('11:30');
    expect(description).toContain('11:40');
  });

  it('confirms as one booking: the tee sheet names each tee time’s golfers, staff move one tee time of it', async () => {
    const held = await holdGroup('15:00', 5);
    expect(held.statusCode, held.body).toBe(200);
    const bookingId = held.json().data.booking_id as number;
    const confirmed = await saveDetails(t, operator, bookingId, operatorDetails('offline'));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe('confirmed');

    const sheet = await sendFrom(
      t.app,
      desk,
      'GET',
      `/v1/staff/tee-sheet?course_id=${burnside}&date=${DATE}`,
    );
    expect(sheet.statusCode, sheet.body).toBe(200);
    type SheetBooking = {
      booking_number: string;
      players: number;
      golfers: { position: number }[];
      check_ins: { position: number }[];
    };
    const ours = (time: string) =>
      (sheet.json().data.slots as { time: string; bookings: SheetBooking[] }[])
        .find((each) => each.time === time)
        ?.bookings.find((booking) => booking.booking_number === row?.bookingNumber);
    expect(ours('15:00')?.golfers.map((golfer) => golfer.position)).toEqual([1, 2, 3]);
    expect(ours('15:10')?.golfers.map((golfer) => golfer.position)).toEqual([4, 5]);
    expect(ours('15:10')?.check_ins.map((golfer) => golfer.position)).toEqual([4, 5]);

    // The caddie form of the booking page changes one round per course: a group's caddies go by phone.
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${row?.bookingNumber}/confirmation`,
      headers: operator.headers,
    });
    expect(page.statusCode, page.body).toBe(200);
    const pageRounds = page.json().data.courses as { players: number; caddies_editable: boolean }[];
    expect(pageRounds.map((round) => [round.players, round.caddies_editable])).toEqual([
      [3, false],
      [2, false],
    ]);
    expect(page.json().data.golfer_count).toBe(5);

    // One confirmation e-mail names both tee times; its calendar file has an event each, with their own UIDs.
    const mails = await mailsAbout(t, row?.bookingNumber as string);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('3:00pm');
    expect(mails[0]?.text).toContain('3:10pm');
    const calendar = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${row?.bookingNumber}/calendar.ics`,
      headers: { cookie: operator.cookie },
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const events = readIcsEvents(calendar.body);
    expect(events.map((event) => event.start)).toEqual([
      londonWallTimeToUtc(DATE, '15:00').toISOString(),
      londonWallTimeToUtc(DATE, '15:10').toISOString(),
    ]);
    expect(events[0]?.description).toContain('3 golfers of 5 in the booking.');
    expect(events[1]?.description).toContain('2 golfers of 5 in the booking.');
    expect(new Set(events.map((event) => event.uid)).size).toBe(2);

    const number = row?.bookingNumber as string;
    const ambiguous = await sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${number}/move`, {
      course_id: burnside,
      slot_id: await slot('15:30'),
    });
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json().error.message).toBe(MOVE_MESSAGES.whichRound);
    const moved = await sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${number}/move`, {
      course_id: burnside,
      from_slot_id: await slot('15:10'),
      slot_id: await slot('15:30'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await roundsOf(bookingId)).map((round) => [round.slotId, round.players])).toEqual([
      [await slot('15:00'), 3],
      [await slot('15:30'), 2],
    ]);

    const change = await sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${number}/change/preview`, {
      courses: [{ id: burnside, teeTime: { id: await slot('15:00') }, caddies: 0 }],
      golfers: [{ id: 1, playerTypeId: 1 }],
      reason: 'Fewer golfers',
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().error.message).toBe(CHANGE_MESSAGES.group);
  });
});

// Two instances on one database need PostgreSQL (PGlite is one process); the PostgreSQL stage always runs it.
if (testDbKind() === 'postgres') {
  describe('groups raced against visitors over two app instances (PostgreSQL)', () => {
    const { apps, databases } = twoInstancesOnOneDatabase(
      'links_group_race',
      NOW,
      10,
      bookingSettings({ maxLiveHolds: { session: 100, address: 1000, network: 10_000, operator: 100 } }),
    );

    it('never puts more than four on a tee time: a group takes its whole run or nothing', async () => {
      const db = databases[0]!.db;
      await addOperator(db, { username: 'racing' });
      const group = (await login(apps[0]!, 'racing', PASSWORD)).after;
      const visitors = await Promise.all(apps.map((app) => withCsrf(app)));
      const times = ['14:00', '14:10', '14:20', '14:30'];
      const ids = await Promise.all(times.map((time) => slotIdAt(db, burnside, DATE, time)));
      // 12 groups of 5 or 6 from 14:00, 14:10 or 14:20 and 40 visitors of 1 or 2 at any of the four, split over
      // both instances, all at once.
      const requests = [
        ...Array.from({ length: 12 }, (_, at) => ({
          app: apps[at % 2]!,
          session: group,
          body: bookingBody([{ id: burnside, slotId: ids[at % 3]! }], adults(5 + (at % 2))),
          group: true,
        })),
        ...Array.from({ length: 40 }, (_, at) => ({
          app: apps[at % 2]!,
          session: visitors[at % 2]!,
          body: bookingBody([{ id: burnside, slotId: ids[at % 4]! }], adults(1 + (at % 2))),
          group: false,
        })),
      ];
      const outcomes = await Promise.all(
        requests.map(async (request) => {
          const response = await postBooking(request.app, request.session, request.body);
          return {
            status: response.statusCode,
            code: response.json().error?.code as string | undefined,
            group: request.group,
          };
        }),
      );
      expect(outcomes.filter((outcome) => outcome.status >= 500)).toEqual([]);
      expect(
        outcomes.filter((outcome) => outcome.status !== 200).every((outcome) => outcome.status === 409),
      ).toBe(true);
      const live = await livePlayersBySlot(db, ids);
      for (const id of ids) expect(live.get(id) ?? 0).toBeLessThanOrEqual(4);
      // Every group that won holds all of its golfers, on consecutive tee times; no group holds part of itself.
      const won = await db
        .select({ bookingId: bookingRounds.bookingId, players: bookingRounds.players })
        .from(bookingRounds)
        .innerJoin(bookings, eq(bookings.id, bookingRounds.bookingId));
      const perBooking = new Map<number, number>();
      for (const row of won)
        perBooking.set(row.bookingId, (perBooking.get(row.bookingId) ?? 0) + row.players);
      const groupsWon = outcomes.filter((outcome) => outcome.group && outcome.status === 200).length;
      expect([...perBooking.values()].filter((players) => players >= 5)).toHaveLength(groupsWon);
      expect(groupsWon + outcomes.filter((outcome) => !outcome.group && outcome.status === 200).length).toBe(
        perBooking.size,
      );
      console.info(
        `group race: ${groupsWon} groups and ${perBooking.size - groupsWon} visitors won; live ${[...live.values()].join(', ')}`,
      );
    });
  });
}
