import { COURSE_IDS } from '@links/shared/constants';
import { CHAMPIONSHIP_INFO_TEXT } from '@links/shared/slot-state';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, mailOutbox, staffAuditLog } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { withCsrf } from '../../test/test-app.ts';
import { bookingBody, createBookingApp, postBooking } from '../bookings/booking-test-helpers.ts';
import { CONTACT_DETAILS } from '../confirmation/confirmation-test-helpers.ts';
import { payWithCard } from '../contact-details/operator-test-helpers.ts';
import { livePlayersBySlot } from '../tee-sheet/live-bookings.ts';
import { slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import { sendFrom, staffAppForTests } from './test/staff-test-helpers.ts';

// Issue 22: the reservations desk books for a caller: any player type (the concession too), the engine's checks and
// prices, one golfer on the Championship only with a reason; confirmed at once with the price due at the desk, the
// golfer e-mailed their confirmation and PIN, audited and on the timeline; paid later with the desk's payment form.

const { burnside, championship } = COURSE_IDS;
const ADULT = 1;
const CONCESSION = 2;

const setup = staffAppForTests(() => createBookingApp(NOW), {
  desk: { username: 'caller.desk', role: 'reservations' },
});

const slot = (courseId: number, date: string, time: string) =>
  slotIdAt(setup.t.database.db, courseId, date, time);
const book = (body: object) => sendFrom(setup.t.app, setup.desk, 'POST', '/v1/staff/bookings', body);
const golfers = (...types: number[]) => types.map((playerTypeId, index) => ({ id: index + 1, playerTypeId }));
const contact = {
  ...CONTACT_DETAILS,
  first_name: 'Old',
  surname: 'Tom',
  email_address: 'old.tom@example.com',
};

describe('POST /v1/staff/bookings', () => {
  it('books an adult and a concession, confirmed with the price due at the desk, and e-mails the caller', async () => {
    const teeTime = await slot(burnside, '2026-03-27', '10:00');
    const answer = await book({
      courses: [{ id: burnside, teeTime: { id: teeTime }, caddies: 1 }],
      golfers: golfers(ADULT, CONCESSION),
      contact,
      notes: 'Phoned the pro shop',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const made = answer.json().data;
    // Winter Burnside: £55 an adult, £44 a concession.
    expect(made).toMatchObject({ payable: 9_900, due: 9_900, balance_due_at: '2026-03-27T23:59:59.999Z' });
    const [row] = await setup.t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.bookingNumber, made.booking_number));
    expect(row).toMatchObject({
      status: 'confirmed',
      paidPence: 0,
      payablePence: 9_900,
      notes: 'Phoned the pro shop',
    });
    expect(row!.pinHash).toBeTruthy();
    expect((await livePlayersBySlot(setup.t.database.db, [teeTime])).get(teeTime)).toBe(2);
    const [mail] = await setup.t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.bookingId, row!.id));
    expect(mail).toMatchObject({
      to: 'old.tom@example.com',
      subject: `Your booking ${made.booking_number} is confirmed`,
    });
    const audit = (await setup.t.database.db.select().from(staffAuditLog)).filter(
      (entry) => entry.action === 'booking.created',
    );
    expect(audit.map((entry) => entry.after)).toEqual([
      expect.objectContaining({ payable: 9_900, player_type_ids: [ADULT, CONCESSION] }),
    ]);

    const page = (
      await sendFrom(setup.t.app, setup.desk, 'GET', `/v1/staff/bookings/${made.booking_number}`)
    ).json().data;
    const said = page.timeline.map((event: { what: string }) => event.what);
    expect(said).toContain('Booked for a caller, £99.00 to pay at the desk');
    expect(said).not.toContain('Tee times held');
    expect(page.confirmation.totals).toMatchObject({ payable: 9_900, paid: 0, due: 9_900 });

    // Taken at the desk on the day: nothing is due any more.
    const paid = await sendFrom(
      setup.t.app,
      setup.desk,
      'POST',
      `/v1/staff/bookings/${made.booking_number}/payments`,
      {
        amount: 9_900,
        method: 'desk',
        reference: 'TILL-0001',
      },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ paid: 9_900, payable: 9_900 });
  });

  it('e-mails the caller a link to pay by card; the caller pays online in their own browser, and the desk sees it', async () => {
    const answer = await book({
      courses: [{ id: burnside, teeTime: { id: await slot(burnside, '2026-03-27', '10:20') }, caddies: 0 }],
      golfers: golfers(ADULT),
      contact,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const number = answer.json().data.booking_number as string;
    const sent = await sendFrom(setup.t.app, setup.desk, 'POST', `/v1/staff/bookings/${number}/payment-link`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ sent_to: 'old.tom@example.com', amount: 5_500 });
    const [mail] = (await setup.t.database.db.select().from(mailOutbox)).filter(
      (row) => row.subject === `Pay for booking ${number} online`,
    );
    expect(mail?.to).toBe('old.tom@example.com');
    const link = /Pay online: (\S+)/.exec(mail!.text)?.[1];
    expect(link).toMatch(new RegExp(`/confirmation/${number}\\?signature=`));

    // The caller's own browser: the link opens the booking, which takes the card payment.
    const caller = await withCsrf(setup.t.app);
    const url = new URL(link!);
    const opened = await setup.t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${number}/confirmation${url.search}`,
      headers: caller.headers,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const intent = await setup.t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${number}/due-payments`,
      headers: caller.headers,
      payload: { booking_id: number, amount: 5_500 },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { payment_intent, client_secret } = intent.json().data;
    const paid = await payWithCard(setup.t, caller, { id: payment_intent, client_secret });
    expect(paid.statusCode, paid.body).toBe(200);

    const page = (await sendFrom(setup.t.app, setup.desk, 'GET', `/v1/staff/bookings/${number}`)).json().data;
    expect(page.confirmation.totals).toMatchObject({ paid: 5_500, due: 0 });
    expect(page.refundable).toBe(5_500);
    expect(page.timeline.map((event: { what: string }) => event.what)).toContain(
      'Payment link for £55.00 e-mailed',
    );
    // Nothing left to pay: no second link.
    const again = await sendFrom(
      setup.t.app,
      setup.desk,
      'POST',
      `/v1/staff/bookings/${number}/payment-link`,
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Nothing is due on this booking.');
  });

  it('lets one golfer play the Championship only with a reason', async () => {
    const body = {
      courses: [
        { id: championship, teeTime: { id: await slot(championship, '2026-03-27', '09:00') }, caddies: 0 },
      ],
      golfers: golfers(ADULT),
      contact,
    };
    const refused = await book(body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CHAMPIONSHIP_INFO_TEXT);
    const allowed = await book({ ...body, championship_override: 'Visiting club captain' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data.payable).toBe(16_500);
  });

  it('refuses a full tee time, an unknown player type and incomplete contact details, and books nothing', async () => {
    const teeTime = await slot(burnside, '2026-03-27', '10:30');
    const crowd = await postBooking(
      setup.t.app,
      await withCsrf(setup.t.app),
      bookingBody([{ id: burnside, slotId: teeTime }], [1, 1, 1]),
    );
    expect(crowd.statusCode).toBe(200);
    const before = (await setup.t.database.db.select().from(bookings)).length;
    const body = {
      courses: [{ id: burnside, teeTime: { id: teeTime }, caddies: 0 }],
      golfers: golfers(ADULT),
      contact,
    };
    expect((await book({ ...body, golfers: golfers(ADULT, ADULT) })).statusCode).toBe(409);
    const unknown = await book({ ...body, golfers: golfers(999) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({
      'golfers.0.playerTypeId': 'Please choose a player type we have',
    });
    const noPostcode = await book({ ...body, contact: { ...contact, postcode: '' } });
    expect(noPostcode.statusCode).toBe(400);
    expect(Object.keys(noPostcode.json().error.fields)).toEqual(['contact.postcode']);
    expect((await setup.t.database.db.select().from(bookings)).length).toBe(before);
  });
});
