import { COURSE_IDS } from '@links/shared/constants';
import { londonWallTimeToUtc } from '@links/shared/uk-time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRounds, bookings, mailOutbox, staffAuditLog } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { withCsrf } from '../../test/test-app.ts';
import { testDbKind } from '../../test/test-database.ts';
import { bookingBody, postBooking } from '../bookings/booking-test-helpers.ts';
import { livePlayersBySlot } from '../tee-sheet/live-bookings.ts';
import { insertBlock, slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import { deskAndBookingForTests, sendFrom, staffRaceOnTwoInstances } from './test/staff-test-helpers.ts';

// Issue 22: staff move a round to another tee time of its course that day. Capacity is checked in the move's
// transaction as the public engine checks it, so a move never oversells (also raced against public holds over two
// instances); the golfer is told with the updated calendar file; the move is audited and on the timeline.

const DAY = '2026-03-27';
const { burnside } = COURSE_IDS;

const setup = deskAndBookingForTests(NOW, [{ courseId: burnside, date: DAY, time: '10:00' }], [1, 1]);

const move = (number: string, body: object) =>
  sendFrom(setup.t.app, setup.desk, 'POST', `/v1/staff/bookings/${number}/move`, body);
const slot = (time: string, date = DAY) => slotIdAt(setup.t.database.db, burnside, date, time);

describe('POST /v1/staff/bookings/:number/move', () => {
  it('moves a round within the day, raises the calendar sequence, tells the golfer and audits it', async () => {
    const before = (
      await setup.t.database.db.select().from(bookings).where(eq(bookings.id, setup.made.bookingId))
    )[0]!;
    const answer = await move(setup.made.bookingNumber, {
      course_id: burnside,
      slot_id: await slot('11:30'),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      booking_number: setup.made.bookingNumber,
      course_id: burnside,
      from: londonWallTimeToUtc(DAY, '10:00').toISOString(),
      to: londonWallTimeToUtc(DAY, '11:30').toISOString(),
    });
    const [round] = await setup.t.database.db
      .select()
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, setup.made.bookingId));
    expect(round!.slotId).toBe(await slot('11:30'));
    const after = (
      await setup.t.database.db.select().from(bookings).where(eq(bookings.id, setup.made.bookingId))
    )[0]!;
    expect(after.calendarSequence).toBe(before.calendarSequence + 1);
    const mails = await setup.t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.bookingId, setup.made.bookingId));
    const moved = mails.find(
      (mail) => mail.subject === `New tee time for booking ${setup.made.bookingNumber}`,
    );
    const ics = Buffer.from(moved!.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain(`SEQUENCE:${after.calendarSequence}`);
    expect(ics).toContain('DTSTART;TZID=Europe/London:20260327T113000');
    const audit = (await setup.t.database.db.select().from(staffAuditLog)).filter(
      (row) => row.action === 'booking.round_moved',
    );
    expect(audit.map((row) => [row.before, row.after])).toEqual([
      [
        { course_id: burnside, tee_time: londonWallTimeToUtc(DAY, '10:00').toISOString() },
        { course_id: burnside, tee_time: londonWallTimeToUtc(DAY, '11:30').toISOString() },
      ],
    ]);
    const page = (
      await sendFrom(setup.t.app, setup.desk, 'GET', `/v1/staff/bookings/${setup.made.bookingNumber}`)
    ).json().data;
    expect(page.timeline.map((event: { what: string }) => event.what)).toContain(
      'Round moved from 10:00 to 11:30',
    );
  });

  it('refuses a full tee time, a blocked one, another day, the same one and a booking without that round', async () => {
    // 11:40 holds three golfers of another visitor: two more do not fit.
    const other = await postBooking(
      setup.t.app,
      await withCsrf(setup.t.app),
      bookingBody([{ id: burnside, slotId: await slot('11:40') }], [1, 1, 1]),
    );
    expect(other.statusCode).toBe(200);
    const cases: [object, string][] = [
      [
        { course_id: burnside, slot_id: await slot('11:40') },
        'That tee time does not have enough free places.',
      ],
      [{ course_id: burnside, slot_id: await slot('11:30') }, 'The round is already at that tee time.'],
      [
        { course_id: burnside, slot_id: await slot('11:30', '2026-03-30') },
        'A round can be moved to another tee time on the same course and day (another day may change its price).',
      ],
      [
        { course_id: COURSE_IDS.championship, slot_id: await slot('11:50') },
        'This booking has no round on that course.',
      ],
    ];
    await insertBlock(setup.t.database.db, {
      courseId: burnside,
      date: DAY,
      from: '11:50',
      to: '12:00',
      reason: 'maintenance',
    });
    cases.push([{ course_id: burnside, slot_id: await slot('11:50') }, 'That tee time is blocked.']);
    for (const [body, message] of cases) {
      const answer = await move(setup.made.bookingNumber, body);
      expect(answer.statusCode, message).toBe(422);
      expect(answer.json().error.message).toBe(message);
    }
    const [round] = await setup.t.database.db
      .select()
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, setup.made.bookingId));
    expect(round!.slotId).toBe(await slot('11:30'));
    expect((await move(setup.made.bookingNumber, { course_id: burnside })).statusCode).toBe(400);
    expect((await move(setup.made.bookingNumber, { course_id: burnside, slot_id: 2 ** 40 })).statusCode).toBe(
      400,
    );
    expect((await move('123456789', { course_id: burnside, slot_id: 1 })).statusCode).toBe(404);
  });
});

// Two instances on one database need PostgreSQL (PGlite is one process).
if (testDbKind() === 'postgres') {
  describe('a move raced against public holds over two instances (PostgreSQL)', () => {
    const race = staffRaceOnTwoInstances('links_move', NOW);

    it('never oversells the tee time: the move and the holds that fit, no more', async () => {
      const { one, db } = race;
      const booking = await race.booking([{ courseId: burnside, date: DAY, time: '14:00' }], [1, 1]);
      const deskOne = await race.deskOnOne('race.desk');
      const target = await slotIdAt(db, burnside, DAY, '14:30');
      const holdAt = await race.visitors(burnside);
      const outcomes = await Promise.all([
        sendFrom(one, deskOne, 'POST', `/v1/staff/bookings/${booking.bookingNumber}/move`, {
          course_id: burnside,
          slot_id: target,
        }),
        ...holdAt(target),
      ]);
      const live = (await livePlayersBySlot(db, [target])).get(target) ?? 0;
      expect(live).toBeLessThanOrEqual(4);
      const moved = outcomes[0]!.statusCode === 200 ? 2 : 0;
      const held = outcomes.slice(1).filter((outcome) => outcome.statusCode === 200).length;
      expect(moved + held).toBe(live);
      expect(live).toBe(4);
    });
  });
}
