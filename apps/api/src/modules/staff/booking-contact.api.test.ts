import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, staffAuditLog } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { deskAndBookingForTests, sendFrom } from './test/staff-test-helpers.ts';

// Issue 22: staff correct a visitor's name, e-mail and phone, checked by the golfer's own form rules; audited.

const setup = deskAndBookingForTests(
  NOW,
  [{ courseId: COURSE_IDS.burnside, date: '2026-03-27', time: '10:00' }],
  [1],
);

const patch = (body: object) =>
  setup.t.app.inject({
    method: 'PATCH',
    url: `/v1/staff/bookings/${setup.made.bookingNumber}/contact`,
    headers: setup.desk.headers,
    payload: body,
  });
const details = async () =>
  (await setup.t.database.db.select().from(bookings).where(eq(bookings.id, setup.made.bookingId)))[0]!
    .playerDetails as Record<string, unknown>;

describe('PATCH /v1/staff/bookings/:number/contact', () => {
  it('corrects the e-mail and phone by the golfer’s own rules, and audits the values before and after', async () => {
    const answer = await patch({
      email_address: ' ada.lovelace@example.org ',
      telephone_number: '07400 654321',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      booking_number: setup.made.bookingNumber,
      changed: ['email_address', 'telephone_number'],
    });
    expect(await details()).toMatchObject({
      email_address: 'ada.lovelace@example.org',
      telephone_number: '07400 654321',
      first_name: 'Ada',
    });
    const [audit] = (await setup.t.database.db.select().from(staffAuditLog)).filter(
      (row) => row.action === 'booking.contact_changed',
    );
    expect([audit!.before, audit!.after]).toEqual([
      { email_address: 'ada@example.com', telephone_number: '07400 123456' },
      { email_address: 'ada.lovelace@example.org', telephone_number: '07400 654321' },
    ]);
    const page = (
      await sendFrom(setup.t.app, setup.desk, 'GET', `/v1/staff/bookings/${setup.made.bookingNumber}`)
    ).json().data;
    expect(page.contact.email).toBe('ada.lovelace@example.org');
    expect(page.timeline.map((event: { what: string }) => event.what)).toContain(
      'Contact details corrected: email address, telephone number',
    );
  });

  it('refuses what the golfer’s form would refuse, and fields it does not change here, changing nothing', async () => {
    const before = await details();
    const bad = await patch({ email_address: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ email_address: expect.any(String) });
    expect((await patch({ telephone_number: '12' })).statusCode).toBe(400);
    expect((await patch({ first_name: '   ' })).statusCode).toBe(400);
    expect((await patch({ postcode: 'X' })).statusCode).toBe(400);
    expect(await details()).toEqual(before);
    const same = await patch({ first_name: 'Ada' });
    expect(same.json().data.changed).toEqual([]);
  });
});
