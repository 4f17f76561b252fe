import { COURSE_IDS } from '@links/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, NOW, TODAY } from '../../test/booking-week.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { Session } from '../bookings/booking-test-helpers.ts';
import { bookedOnTerms, mailsAbout, operatorBookingApp } from '../contact-details/operator-test-helpers.ts';
import { runPaymentSchedule } from '../payment-schedule/run-payment-schedule.ts';
import { sendFrom, staffBrowser } from '../staff/test/staff-test-helpers.ts';
import { confirmedByVisitor } from './confirmation-test-helpers.ts';

// Issue 24 point 4: a tour operator names the golfers of a booking until a deadline (14 days before the first round);
// the booking page says which are missing, a reminder goes a week before the deadline, a change after it is refused,
// and the staff tee sheet shows the names.

let t: TestApp;
let now = NOW;
let fairway: Session;
let linksTravel: Session;

beforeAll(async () => {
  ({ t, fairway, linksTravel } = await operatorBookingApp(NOW));
  t.clock.pin(() => now);
});
afterAll(async () => t?.close());

const putNames = (session: Session, number: string, golfers: Array<{ id: number; name: string }>) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/bookings/${number}/golfer-names`,
    headers: session.headers,
    payload: { booking_id: number, golfers },
  });

describe("golfers' names by a deadline", () => {
  it('the operator names golfers until the deadline; a reminder goes a week before; then only the desk changes them', async () => {
    const booking = await bookedOnTerms(t, fairway, TODAY, 40, 2);
    const first = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${booking.number}/confirmation`,
      headers: fairway.headers,
    });
    // Played 29 April: names by the end of the UK day 14 days before (15 April 2026, BST).
    const deadline = new Date('2026-04-15T22:59:59.999Z');
    expect(first.json().data.golfer_names).toEqual({
      deadline: deadline.toISOString(),
      editable: true,
      missing: 2,
    });

    const saved = await putNames(fairway, booking.number, [{ id: 1, name: '  Ben Hogan ' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const page = saved.json().data;
    expect(page.golfers.map((golfer: { name: string }) => golfer.name)).toEqual(['Ben Hogan', '']);
    expect(page.golfer_names.missing).toBe(1);
    // Bad input changes nothing; another company cannot name them.
    expect((await putNames(fairway, booking.number, [{ id: 3, name: 'Nobody' }])).statusCode).toBe(422);
    expect((await putNames(fairway, booking.number, [{ id: 2, name: 'x'.repeat(101) }])).statusCode).toBe(
      400,
    );
    expect((await putNames(linksTravel, booking.number, [{ id: 2, name: 'Intruder' }])).statusCode).toBe(403);

    // The reminder: not earlier than a week before the deadline, then once.
    expect(
      (await runPaymentSchedule(t.app, new Date(deadline.getTime() - 8 * DAY))).namesReminded,
    ).not.toContain(booking.id);
    const reminderAt = new Date(deadline.getTime() - 6 * DAY);
    expect((await runPaymentSchedule(t.app, reminderAt)).namesReminded).toContain(booking.id);
    expect(
      (await runPaymentSchedule(t.app, new Date(reminderAt.getTime() + DAY))).namesReminded,
    ).not.toContain(booking.id);
    const reminder = (await mailsAbout(t, booking.number)).find((mail) =>
      mail.subject.startsWith("Golfers' names"),
    );
    expect(reminder?.subject).toBe(`Golfers' names needed for booking ${booking.number}`);
    expect(reminder?.text).toContain("1 of 2 golfers' name is still missing");
    expect(reminder?.text).toContain('by Wednesday 15th April 2026');
    expect(reminder?.text).toMatch(/Add the names: \S+\/confirmation\/\d+\?signature=/);

    // After the deadline: refused, and nothing changes.
    now = new Date(deadline.getTime() + 60_000);
    const late = await putNames(fairway, booking.number, [{ id: 2, name: 'Gene Sarazen' }]);
    expect(late.statusCode).toBe(422);
    expect(late.json().error).toMatchObject({
      code: 'names_locked',
      message:
        "Golfers' names could be changed until Wednesday 15th April 2026. Please call our reservations team to change them now.",
    });
    const after = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${booking.number}/confirmation`,
      headers: fairway.headers,
    });
    expect(after.json().data.golfer_names).toMatchObject({ editable: false, missing: 1 });

    // The reservations desk still changes them, audited on the booking's timeline.
    const desk = await staffBrowser(t, { username: 'names.desk', role: 'reservations' });
    const byDesk = await sendFrom(t.app, desk, 'PUT', `/v1/staff/bookings/${booking.number}/golfer-names`, {
      booking_id: booking.number,
      golfers: [{ id: 2, name: 'Gene Sarazen' }],
    });
    expect(byDesk.statusCode, byDesk.body).toBe(200);
    expect(byDesk.json().data).toEqual({ saved: 1 });
    const staffPage = (await sendFrom(t.app, desk, 'GET', `/v1/staff/bookings/${booking.number}`)).json()
      .data;
    expect(staffPage.timeline.map((event: { what: string }) => event.what)).toContain(
      "Golfer 2 named 'Gene Sarazen'",
    );

    // The starter's tee sheet shows the names given.
    const starter = await staffBrowser(t, { username: 'names.starter', role: 'starter' });
    const sheet = await sendFrom(
      t.app,
      starter,
      'GET',
      `/v1/staff/tee-sheet?course_id=${COURSE_IDS.burnside}&date=${booking.playDate}`,
    );
    expect(sheet.statusCode, sheet.body).toBe(200);
    const found = (
      sheet.json().data.slots as Array<{ bookings: Array<{ booking_number: string; golfers: unknown }> }>
    )
      .flatMap((slot) => slot.bookings)
      .find((one) => one.booking_number === booking.number);
    expect(found?.golfers).toEqual([
      { position: 1, player_type: 'Adult', name: 'Ben Hogan' },
      { position: 2, player_type: 'Adult', name: 'Gene Sarazen' },
    ]);
    now = NOW;
  });

  it("a visitor's booking takes no names here", async () => {
    const { session: visitor, ...made } = await confirmedByVisitor(t, [
      { courseId: COURSE_IDS.burnside, date: '2026-03-27', time: '10:00' },
    ]);
    const refused = await putNames(visitor, made.bookingNumber, [{ id: 1, name: 'Old Tom' }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('names_not_allowed');
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${made.bookingNumber}/confirmation`,
      headers: visitor.headers,
    });
    expect(page.json().data.golfer_names).toBeNull();
  });
});
