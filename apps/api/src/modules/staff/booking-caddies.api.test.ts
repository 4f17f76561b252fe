import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRounds, mailOutbox, staffAuditLog } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import type { TestApp, withCsrf } from '../../test/test-app.ts';
import type { Browser } from '../auth/test/auth-test-helpers.ts';
import { bookingAppWithVisitor } from '../bookings/booking-test-helpers.ts';
import { confirmedBooking, type MadeBooking } from '../confirmation/confirmation-test-helpers.ts';
import { sendFrom, staffBrowser } from './test/staff-test-helpers.ts';

// Issue 22: staff change a round's caddies, also within the 24 hours in which the golfer's own page no longer may;
// the golfer is told with the updated calendar file; the change is audited and on the timeline.

const { burnside } = COURSE_IDS;

let t: TestApp;
let owner: Awaited<ReturnType<typeof withCsrf>>;
let made: MadeBooking;

beforeAll(async () => {
  ({ t, visitor: owner } = await bookingAppWithVisitor(NOW));
  made = await confirmedBooking(
    t.app,
    t.database.db,
    owner,
    [{ courseId: burnside, date: '2026-03-27', time: '10:00' }],
    [1, 1],
  );
});
afterAll(async () => t?.close());

async function desk(): Promise<Browser> {
  return staffBrowser(t, { username: `desk.${Date.now()}`, role: 'reservations' });
}

describe('PUT /v1/staff/bookings/:number/caddies', () => {
  it('changes the caddies within the last 24 hours, which the golfer may not, and tells the golfer', async () => {
    // Two hours before the tee time.
    t.clock.pin(new Date('2026-03-27T08:00:00Z'));
    const staff = await desk();
    const golfer = await t.app.inject({
      method: 'PATCH',
      url: `/v1/bookings/${made.bookingNumber}/caddies`,
      headers: owner.headers,
      payload: { booking_id: made.bookingNumber, courses: [{ id: burnside, caddies: 1 }] },
    });
    expect(golfer.statusCode).toBe(422);

    const answer = await sendFrom(t.app, staff, 'PUT', `/v1/staff/bookings/${made.bookingNumber}/caddies`, {
      course_id: burnside,
      caddies: 2,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      booking_number: made.bookingNumber,
      course_id: burnside,
      caddies: 2,
      changed: true,
    });
    const [round] = await t.database.db
      .select()
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, made.bookingId));
    expect(round!.caddies).toBe(2);
    const mail = (
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, made.bookingId))
    ).find((row) => row.subject === `Caddies changed on booking ${made.bookingNumber}`);
    expect(mail?.text).toContain('2 caddies');
    // The calendar file, unfolded (RFC 5545 folds long lines), describes the round with its two caddies.
    const ics = Buffer.from(mail!.attachments[0]!.content, 'base64')
      .toString('utf8')
      .replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/2 caddies: £[\d.]+ payable in cash on the day/);
    const audit = (await t.database.db.select().from(staffAuditLog)).filter(
      (row) => row.action === 'booking.caddies_changed',
    );
    expect(audit.map((row) => [row.before, row.after])).toEqual([
      [
        { course_id: burnside, caddies: 0 },
        { course_id: burnside, caddies: 2 },
      ],
    ]);

    // The same count again changes nothing and logs nothing; more caddies than golfers, or a course it has not, are refused.
    const same = await sendFrom(t.app, staff, 'PUT', `/v1/staff/bookings/${made.bookingNumber}/caddies`, {
      course_id: burnside,
      caddies: 2,
    });
    expect(same.json().data.changed).toBe(false);
    expect(
      (
        await sendFrom(t.app, staff, 'PUT', `/v1/staff/bookings/${made.bookingNumber}/caddies`, {
          course_id: burnside,
          caddies: 3,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await sendFrom(t.app, staff, 'PUT', `/v1/staff/bookings/${made.bookingNumber}/caddies`, {
          course_id: COURSE_IDS.championship,
          caddies: 1,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await sendFrom(t.app, staff, 'PUT', `/v1/staff/bookings/${made.bookingNumber}/caddies`, {
          course_id: burnside,
          caddies: 5,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await sendFrom(t.app, staff, 'PUT', '/v1/staff/bookings/123456789/caddies', {
          course_id: burnside,
          caddies: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.database.db.select().from(staffAuditLog)).filter(
        (row) => row.action === 'booking.caddies_changed',
      ),
    ).toHaveLength(1);

    // After the round, not even staff.
    t.clock.pin(new Date('2026-03-27T16:00:00Z'));
    const late = await sendFrom(
      t.app,
      await desk(),
      'PUT',
      `/v1/staff/bookings/${made.bookingNumber}/caddies`,
      { course_id: burnside, caddies: 0 },
    );
    expect(late.statusCode).toBe(422);
    t.clock.pin(NOW);
  });
});

describe("the golfer's own change on the staff timeline", () => {
  it('records a change from the confirmation page with the golfer as the actor', async () => {
    t.clock.pin(NOW);
    const golfer = await t.app.inject({
      method: 'PATCH',
      url: `/v1/bookings/${made.bookingNumber}/caddies`,
      headers: owner.headers,
      payload: { booking_id: made.bookingNumber, courses: [{ id: burnside, caddies: 1 }] },
    });
    expect(golfer.statusCode, golfer.body).toBe(200);
    const rows = (await t.database.db.select().from(staffAuditLog)).filter((row) => row.actor === 'golfer');
    expect(rows.map((row) => [row.action, row.staffUserId, row.after])).toEqual([
      ['booking.caddies_changed', null, { course_id: burnside, caddies: 1 }],
    ]);
    const page = (
      await sendFrom(t.app, await desk(), 'GET', `/v1/staff/bookings/${made.bookingNumber}`)
    ).json().data;
    expect(page.timeline).toContainEqual(
      expect.objectContaining({ by: 'golfer', who: null, what: 'Caddies changed from 2 to 1' }),
    );
  });
});
