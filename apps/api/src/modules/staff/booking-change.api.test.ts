import { COURSE_IDS } from '@links/shared/constants';
import { CHAMPIONSHIP_INFO_TEXT } from '@links/shared/slot-state';
import { londonWallTimeToUtc } from '@links/shared/uk-time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingGolfers,
  bookingRounds,
  bookings,
  mailOutbox,
  paymentRefunds,
  staffAuditLog,
  staffRefunds,
} from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { withCsrf } from '../../test/test-app.ts';
import { testDbKind } from '../../test/test-database.ts';
import { bookingBody, postBooking } from '../bookings/booking-test-helpers.ts';
import { livePlayersBySlot } from '../tee-sheet/live-bookings.ts';
import { slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import {
  deskAndBookingForTests,
  sendFrom,
  staffRaceOnTwoInstances,
  visitorBooking,
} from './test/staff-test-helpers.ts';

// Issue 22: the reservations desk changes a confirmed booking's rounds (any day, a round cancelled) and golfers
// (any player type, one golfer on the Championship with a reason). The booking is priced again by the shared code;
// the preview changes nothing; the difference is left due or returned to the card once; the golfer is told with
// the calendar file (a dropped round's event cancelled); every change is audited and on the timeline.

const { burnside, buddonLinks, championship } = COURSE_IDS;
const ADULT = 1;
const CONCESSION = 2;

// Winter rates: Burnside £55 and Buddon Links £45 an adult, so two adults pay £200.
const setup = deskAndBookingForTests(
  NOW,
  [
    { courseId: burnside, date: '2026-03-27', time: '10:00' },
    { courseId: buddonLinks, date: '2026-03-30', time: '10:00' },
  ],
  [ADULT, ADULT],
  'change.desk',
);

const slot = (courseId: number, date: string, time: string) =>
  slotIdAt(setup.t.database.db, courseId, date, time);
const send = (number: string, body: object, preview = false) =>
  sendFrom(
    setup.t.app,
    setup.desk,
    'POST',
    `/v1/staff/bookings/${number}/change${preview ? '/preview' : ''}`,
    body,
  );
const golfers = (...types: number[]) => types.map((playerTypeId, index) => ({ id: index + 1, playerTypeId }));
const bookingRow = async (id: number) =>
  (await setup.t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const changeAudits = async () =>
  (await setup.t.database.db.select().from(staffAuditLog)).filter((row) => row.action === 'booking.changed');
const mailsOf = (id: number) =>
  setup.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, id));

describe('POST /v1/staff/bookings/:number/change', () => {
  it('previews a move to another day and season without changing anything', async () => {
    const body = {
      courses: [
        { id: burnside, teeTime: { id: await slot(burnside, '2026-04-03', '10:00') }, caddies: 0 },
        { id: buddonLinks, teeTime: { id: await slot(buddonLinks, '2026-03-30', '10:00') }, caddies: 0 },
      ],
      golfers: golfers(ADULT, ADULT),
      reason: 'Moved to the summer by phone',
    };
    const answer = await send(setup.made.bookingNumber, body, true);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      payable_before: 20_000,
      payable_after: 28_000,
      difference: 8_000,
      paid: 20_000,
      refundable: 0,
      due_after: 8_000,
      refund: null,
    });
    expect(answer.json().data.rounds[0]).toEqual({
      course_id: burnside,
      course_name: 'Burnside Course',
      from: londonWallTimeToUtc('2026-03-27', '10:00').toISOString(),
      to: londonWallTimeToUtc('2026-04-03', '10:00').toISOString(),
      caddies: 0,
    });
    expect((await bookingRow(setup.made.bookingId)).payablePence).toBe(20_000);
    expect(await changeAudits()).toEqual([]);
  });

  it('moves a round to another day: priced again, the difference left due, the golfer told, audited', async () => {
    const before = await bookingRow(setup.made.bookingId);
    const answer = await send(setup.made.bookingNumber, {
      courses: [
        { id: burnside, teeTime: { id: await slot(burnside, '2026-04-03', '10:00') }, caddies: 1 },
        { id: buddonLinks, teeTime: { id: await slot(buddonLinks, '2026-03-30', '10:00') }, caddies: 0 },
      ],
      golfers: golfers(ADULT, ADULT),
      reason: 'Moved to the summer by phone',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ payable_after: 28_000, due_after: 8_000, refund: null });
    const after = await bookingRow(setup.made.bookingId);
    expect([after.payablePence, after.paidPence]).toEqual([28_000, 20_000]);
    expect(after.calendarSequence).toBe(before.calendarSequence + 1);
    const rounds = await setup.t.database.db
      .select()
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, setup.made.bookingId));
    expect(rounds.find((round) => round.courseId === burnside)).toMatchObject({
      slotId: await slot(burnside, '2026-04-03', '10:00'),
      caddies: 1,
      players: 2,
    });
    const mail = (await mailsOf(setup.made.bookingId)).find(
      (row) => row.subject === `Booking ${setup.made.bookingNumber} has changed`,
    );
    expect(mail?.text).toContain('£80.00 is now due');
    const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain(`SEQUENCE:${after.calendarSequence}`);
    expect(ics).toContain('DTSTART;TZID=Europe/London:20260403T100000');
    const [audit] = await changeAudits();
    expect(audit?.before).toMatchObject({ payable: 20_000, player_type_ids: [ADULT, ADULT] });
    expect(audit?.after).toMatchObject({
      payable: 28_000,
      refund: 0,
      reason: 'Moved to the summer by phone',
    });
    const page = (
      await sendFrom(setup.t.app, setup.desk, 'GET', `/v1/staff/bookings/${setup.made.bookingNumber}`)
    ).json().data;
    expect(page.timeline.map((event: { what: string }) => event.what)).toContain(
      'Booking changed: Moved to the summer by phone (price up £80.00)',
    );
    expect(page.confirmation.totals).toMatchObject({ payable: 28_000, paid: 20_000, due: 8_000 });
  });

  it('cancels one round: its places back on sale, what was overpaid refunded to the card once', async () => {
    // Recorded at the desk: the £80 due, so the booking is paid in full before the round is dropped.
    const paid = await sendFrom(
      setup.t.app,
      setup.desk,
      'POST',
      `/v1/staff/bookings/${setup.made.bookingNumber}/payments`,
      {
        amount: 8_000,
        method: 'desk',
        reference: 'TILL-4411',
      },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const buddonSlot = await slot(buddonLinks, '2026-03-30', '10:00');
    const burnsideSlot = await slot(burnside, '2026-04-03', '10:00');
    const body = (refund: number) => ({
      courses: [{ id: burnside, teeTime: { id: burnsideSlot }, caddies: 1 }],
      golfers: golfers(ADULT, ADULT),
      refund,
      reason: 'Cannot play on Saturday',
    });
    // £280 paid, £190 now: £90 overpaid, all of it within the £200 the card paid.
    const preview = await send(setup.made.bookingNumber, body(0), true);
    expect(preview.json().data).toMatchObject({ payable_after: 19_000, paid: 28_000, refundable: 9_000 });
    const tooMuch = await send(setup.made.bookingNumber, body(9_001));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe('That is more than was overpaid by card on this booking.');

    const answer = await send(setup.made.bookingNumber, body(9_000));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.refund).toEqual({ amount: 9_000, status: 'succeeded' });
    expect(
      answer.json().data.rounds.find((round: { course_id: number }) => round.course_id === buddonLinks),
    ).toMatchObject({ to: null });
    expect((await livePlayersBySlot(setup.t.database.db, [buddonSlot])).get(buddonSlot) ?? 0).toBe(0);
    const after = await bookingRow(setup.made.bookingId);
    expect([after.payablePence, after.paidPence]).toEqual([19_000, 19_000]);
    const refunds = await setup.t.database.db
      .select()
      .from(staffRefunds)
      .where(eq(staffRefunds.bookingId, setup.made.bookingId));
    expect(refunds.map((row) => [row.amountPence, row.status])).toEqual([[9_000, 'succeeded']]);
    const atProvider = await setup.t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, refunds[0]!.paymentIntentId));
    expect(atProvider.map((row) => row.amount)).toEqual([9_000]);
    const mail = (await mailsOf(setup.made.bookingId)).filter(
      (row) => row.subject === `Booking ${setup.made.bookingNumber} has changed`,
    )[1];
    expect(mail?.text).toContain('£90.00 has been refunded to your card');
    expect(mail?.text).toContain('Cancelled (was');
    const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
    const buddonEvent = ics.split('BEGIN:VEVENT').find((event) => event.includes(`-course-${buddonLinks}@`));
    expect(buddonEvent).toContain('STATUS:CANCELLED');

    // Only a caddie less, the price the same: nothing is overpaid, so nothing more may go back.
    const again = await send(setup.made.bookingNumber, {
      ...body(100),
      courses: [{ id: burnside, teeTime: { id: burnsideSlot }, caddies: 0 }],
    });
    expect(again.statusCode).toBe(422);
    expect((await bookingRow(setup.made.bookingId)).payablePence).toBe(19_000);
  });

  it('changes golfers to any player type, also the concession, priced by the shared code', async () => {
    const answer = await send(setup.made.bookingNumber, {
      courses: [{ id: burnside, teeTime: { id: await slot(burnside, '2026-04-03', '10:00') }, caddies: 1 }],
      golfers: golfers(ADULT, CONCESSION, CONCESSION),
      reason: 'Two members of the club joined',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    // Summer Burnside: £95 adult, £76 concession.
    expect(answer.json().data).toMatchObject({ payable_after: 24_700, difference: 5_700, due_after: 5_700 });
    expect(answer.json().data.golfers.map((golfer: { player_type: string }) => golfer.player_type)).toEqual([
      'Adult',
      'Senior (65 and over)',
      'Senior (65 and over)',
    ]);
    const rows = await setup.t.database.db
      .select()
      .from(bookingGolfers)
      .where(eq(bookingGolfers.bookingId, setup.made.bookingId));
    expect(rows.map((row) => [row.position, row.playerTypeId, row.totalPence])).toEqual([
      [1, ADULT, 9_500],
      [2, CONCESSION, 7_600],
      [3, CONCESSION, 7_600],
    ]);
    const [round] = await setup.t.database.db
      .select()
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, setup.made.bookingId));
    expect(round!.players).toBe(3);
  });

  it('lets one golfer play the Championship only with a reason', async () => {
    const single = await visitorBooking(
      setup.t,
      [{ courseId: burnside, date: '2026-03-27', time: '11:00' }],
      [ADULT],
    );
    const body = {
      courses: [
        { id: championship, teeTime: { id: await slot(championship, '2026-03-27', '12:00') }, caddies: 0 },
      ],
      golfers: golfers(ADULT),
      reason: 'Upgraded to the Championship',
    };
    const refused = await send(single.bookingNumber, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CHAMPIONSHIP_INFO_TEXT);
    const allowed = await send(single.bookingNumber, { ...body, championship_override: 'Member of the R&A' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    // Winter Championship £165 instead of Burnside £55.
    expect(allowed.json().data).toMatchObject({ payable_after: 16_500, due_after: 11_000 });
    const audits = await changeAudits();
    expect(audits.at(-1)?.after).toMatchObject({ championship_override: 'Member of the R&A' });
  });

  it('refuses a change to nothing, a full tee time, an unknown player type, a cancelled booking and bad input', async () => {
    const current = {
      courses: [{ id: burnside, teeTime: { id: await slot(burnside, '2026-04-03', '10:00') }, caddies: 1 }],
      golfers: golfers(ADULT, CONCESSION, CONCESSION),
      reason: 'No change',
    };
    const same = await send(setup.made.bookingNumber, current);
    expect(same.statusCode).toBe(422);
    expect(same.json().error.message).toBe(
      'Nothing would change: choose another tee time, round or golfers.',
    );

    const crowded = await postBooking(
      setup.t.app,
      await withCsrf(setup.t.app),
      bookingBody([{ id: burnside, slotId: await slot(burnside, '2026-04-03', '10:30') }], [1, 1]),
    );
    expect(crowded.statusCode).toBe(200);
    const full = await send(setup.made.bookingNumber, {
      ...current,
      courses: [{ id: burnside, teeTime: { id: await slot(burnside, '2026-04-03', '10:30') }, caddies: 0 }],
    });
    expect(full.statusCode).toBe(409);

    const unknownType = await send(setup.made.bookingNumber, { ...current, golfers: golfers(ADULT, 999) });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error.fields).toEqual({
      'golfers.1.playerTypeId': 'Please choose a player type we have',
    });

    for (const bad of [
      { ...current, reason: '' },
      { ...current, golfers: [] },
      { ...current, refund: -1 },
      { ...current, courses: [{ ...current.courses[0], caddies: 4 }] },
    ]) {
      expect((await send(setup.made.bookingNumber, bad)).statusCode).toBe(400);
    }
    const cancelled = await sendFrom(
      setup.t.app,
      setup.desk,
      'POST',
      `/v1/staff/bookings/${setup.made.bookingNumber}/cancel`,
      {
        reason: 'Called off',
        refund: 0,
      },
    );
    expect(cancelled.statusCode).toBe(200);
    const late = await send(setup.made.bookingNumber, { ...current, golfers: golfers(ADULT) });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.message).toBe('Only a confirmed booking can be changed here.');
    expect((await send('123456789', current)).statusCode).toBe(404);
  });

  it('lists every player type for the desk, also the concession', async () => {
    const answer = await sendFrom(setup.t.app, setup.desk, 'GET', '/v1/staff/player-types');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.map((type: { name: string }) => type.name)).toEqual([
      'Adult',
      'Senior (65 and over)',
      'Under 16',
    ]);
  });
});

// Two instances on one database need PostgreSQL (PGlite is one process).
if (testDbKind() === 'postgres') {
  describe('a change raced against public holds over two instances (PostgreSQL)', () => {
    const race = staffRaceOnTwoInstances('links_change', NOW);

    it('never oversells: adding golfers and the holds that fit, no more', async () => {
      const { one, db } = race;
      const target = await slotIdAt(db, burnside, '2026-03-27', '15:00');
      const booking = await race.booking(
        [{ courseId: burnside, date: '2026-03-27', time: '15:00' }],
        [ADULT],
      );
      const deskOne = await race.deskOnOne('race.change');
      const holdAt = await race.visitors(burnside);
      const outcomes = await Promise.all([
        sendFrom(one, deskOne, 'POST', `/v1/staff/bookings/${booking.bookingNumber}/change`, {
          courses: [{ id: burnside, teeTime: { id: target }, caddies: 0 }],
          golfers: golfers(ADULT, ADULT, ADULT),
          reason: 'Two friends join',
        }),
        ...holdAt(target),
      ]);
      const live = (await livePlayersBySlot(db, [target])).get(target) ?? 0;
      const booked = outcomes[0]!.statusCode === 200 ? 3 : 1;
      const held = outcomes.slice(1).filter((outcome) => outcome.statusCode === 200).length;
      expect(booked + held).toBe(live);
      expect(live).toBe(4);
    });

    it('refunds once when two staff make the same change with a refund at once', async () => {
      const { one, two, db } = race;
      const target = await slotIdAt(db, burnside, '2026-03-27', '14:30');
      const booking = await race.booking(
        [{ courseId: burnside, date: '2026-03-27', time: '14:30' }],
        [ADULT, ADULT],
      );
      const [deskOne, deskTwo] = await race.deskOnBoth('race.refund');
      const [before] = await db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
      // One golfer drops out: half of what was paid is overpaid, and refunded.
      const refund = before!.paidPence! / 2;
      const change = {
        courses: [{ id: burnside, teeTime: { id: target }, caddies: 0 }],
        golfers: golfers(ADULT),
        refund,
        reason: 'One golfer cannot come',
      };
      const url = `/v1/staff/bookings/${booking.bookingNumber}/change`;
      const answers = await Promise.all([
        sendFrom(one, deskOne, 'POST', url, change),
        sendFrom(two, deskTwo, 'POST', url, change),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      const [after] = await db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
      expect(after!.paidPence).toBe(before!.paidPence! - refund);
      const rows = await db.select().from(staffRefunds).where(eq(staffRefunds.bookingId, booking.bookingId));
      expect(rows.map((row) => [row.amountPence, row.status])).toEqual([[refund, 'succeeded']]);
      const atProvider = await db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentIntentId, before!.paymentIntentId!));
      expect(atProvider.map((row) => row.amount)).toEqual([refund]);
    });
  });
}
