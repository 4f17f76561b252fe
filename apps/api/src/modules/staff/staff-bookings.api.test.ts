import { COURSE_IDS } from '@links/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import type { Browser } from '../auth/test/auth-test-helpers.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import {
  bookingAwaitingPayment,
  CONTACT_DETAILS,
  type MadeBooking,
} from '../confirmation/confirmation-test-helpers.ts';
import { sendFrom, staffBrowser, visitorBooking } from './test/staff-test-helpers.ts';

// Issue 22, finding a booking and its page: the reservations desk finds a visitor's booking by its number, the
// lead's name, e-mail, phone and the dates of play, and opens everything about it: what the golfer's page shows,
// contact details, payments, the e-mails sent and a timeline with the staff's own actions. The starter may not.

const { burnside, buddonLinks } = COURSE_IDS;

let t: TestApp;
let desk: Browser;
let starter: Browser;
let ada: MadeBooking;
let grace: { bookingNumber: string };

beforeAll(async () => {
  t = await createBookingApp(NOW);
  ada = await visitorBooking(
    t,
    [
      { courseId: burnside, date: '2026-03-26', time: '10:00', caddies: 1 },
      { courseId: buddonLinks, date: '2026-03-27', time: '10:00' },
    ],
    [1, 3],
  );
  // A second visitor, still at step 3 (held, nothing paid).
  grace = await bookingAwaitingPayment(
    t.app,
    t.database.db,
    await withCsrf(t.app),
    [{ courseId: burnside, date: '2026-04-02', time: '11:00' }],
    [1],
    {
      ...CONTACT_DETAILS,
      first_name: 'Grace',
      surname: "O'Hopper_100%",
      email_address: 'grace@navy.example',
      telephone_number: '07400 654321',
    },
  );
  desk = await staffBrowser(t, { username: 'res.desk', role: 'reservations' });
  starter = await staffBrowser(t, { username: 'the.starter', role: 'starter' });
});
afterAll(async () => t?.close());

async function find(query: string, browser = desk) {
  const response = await sendFrom(t.app, browser, 'GET', `/v1/staff/bookings?${query}`);
  return response;
}
const numbersFor = async (query: string) =>
  ((await find(query)).json().data.bookings as { booking_number: string }[]).map((row) => row.booking_number);

describe('GET /v1/staff/bookings', () => {
  it('finds by number, its start, name, e-mail, phone (however typed) and dates of play', async () => {
    const all = await find('');
    expect(all.statusCode).toBe(200);
    const { data } = all.json();
    expect(data).toMatchObject({ total: 2, page: 1, page_size: 50 });
    // Newest first.
    expect(data.bookings.map((row: { booking_number: string }) => row.booking_number)).toEqual([
      grace.bookingNumber,
      ada.bookingNumber,
    ]);
    expect(data.bookings[1]).toEqual({
      booking_number: ada.bookingNumber,
      state: 'paid',
      lead_name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '07400 123456',
      operator: null,
      first_tee_time: '2026-03-26T10:00:00.000Z',
      courses: ['Burnside Course', 'Buddon Links Course'],
      players: 2,
      payable: expect.any(Number),
      paid: data.bookings[1].payable,
      created_at: expect.any(String),
    });
    expect(data.bookings[0]).toMatchObject({ state: 'held', lead_name: "Grace O'Hopper_100%", paid: 0 });

    expect(await numbersFor(`q=${ada.bookingNumber}`)).toEqual([ada.bookingNumber]);
    expect(await numbersFor(`q=${ada.bookingNumber.slice(0, 6)}`)).toContain(ada.bookingNumber);
    expect(await numbersFor('q=lovelace')).toEqual([ada.bookingNumber]);
    expect(await numbersFor('q=ADA%20LOVE')).toEqual([ada.bookingNumber]);
    expect(await numbersFor('q=navy.example')).toEqual([grace.bookingNumber]);
    expect(await numbersFor(`q=${encodeURIComponent('+44 7400 654321')}`)).toEqual([grace.bookingNumber]);
    expect(await numbersFor('q=7400123456')).toEqual([ada.bookingNumber]);
    // LIKE's own characters match only themselves.
    expect(await numbersFor('q=100%25')).toEqual([grace.bookingNumber]);
    expect(await numbersFor('q=_')).toEqual([grace.bookingNumber]);
    expect(await numbersFor('q=nobody')).toEqual([]);
    expect(await numbersFor('from=2026-03-27&to=2026-03-27')).toEqual([ada.bookingNumber]);
    expect(await numbersFor('from=2026-04-01')).toEqual([grace.bookingNumber]);
    expect(await numbersFor('status=held')).toEqual([grace.bookingNumber]);
  });

  it('refuses bad queries with a clear message, and the starter', async () => {
    for (const query of [
      'from=2026-02-30',
      'from=2026-04-02&to=2026-04-01',
      'status=lost',
      'page=0',
      `q=${'x'.repeat(201)}`,
    ]) {
      const response = await find(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await find('', starter)).statusCode).toBe(403);
  });
});

describe('GET /v1/staff/bookings/:bookingNumber', () => {
  it('answers the confirmation, contact, payments, e-mails and timeline, staff actions included', async () => {
    // A check-in on the day of the first round lands on the timeline with the staff member's name.
    t.clock.pin(() => new Date('2026-03-26T09:30:00Z'));
    try {
      const fresh = await staffBrowser(t, { username: 'day.starter', role: 'starter' });
      const sheet = await sendFrom(
        t.app,
        fresh,
        'GET',
        `/v1/staff/tee-sheet?course_id=${burnside}&date=2026-03-26`,
      );
      const round = sheet.json().data.slots.find((slot: { time: string }) => slot.time === '10:00')
        .bookings[0];
      const marked = await sendFrom(t.app, fresh, 'PUT', '/v1/staff/check-ins', {
        round_id: round.round_id,
        position: 2,
        status: 'arrived',
      });
      expect(marked.statusCode).toBe(200);
    } finally {
      t.clock.pin(() => NOW);
    }

    const response = await sendFrom(t.app, desk, 'GET', `/v1/staff/bookings/${ada.bookingNumber}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.confirmation).toMatchObject({
      booking_number: ada.bookingNumber,
      status: 'confirmed',
      lead_name: 'Ada Lovelace',
    });
    expect(data.confirmation.courses.map((course: { name: string }) => course.name)).toEqual([
      'Burnside Course',
      'Buddon Links Course',
    ]);
    expect(data.state).toBe('paid');
    expect(data.contact).toEqual({
      name: 'Dr Ada Lovelace',
      email: 'ada@example.com',
      phone: '07400 123456',
      address: '1 Links Road, Carnoustie, Angus, DD7 7JE, GB',
      stay_connected: false,
    });
    expect(data.operator).toBeNull();
    expect(data.payments).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        status: 'succeeded',
        settlement: 'confirmed',
        amount: data.confirmation.totals.payable,
      }),
    ]);
    expect(data.refunds).toEqual([]);
    const [confirmationMail] = await t.database.db.select().from(mailOutbox);
    expect(data.emails).toEqual([
      expect.objectContaining({
        id: confirmationMail!.id,
        to: 'ada@example.com',
        status: 'pending',
        attempts: 0,
      }),
    ]);
    expect(data.emails[0].subject).toContain(ada.bookingNumber);
    // The golfer's steps in order (rows stamped by the database clock, which this test's pinned app clock is not).
    const said = (event: { by: string; what: string }) => `${event.by}: ${event.what}`;
    expect(data.timeline.filter((event: { by: string }) => event.by !== 'staff').map(said)).toEqual([
      'golfer: Tee times held',
      `golfer: Card payment of £${(data.confirmation.totals.payable / 100).toFixed(2)} started`,
      'system: Booking confirmed',
    ]);
    expect(data.timeline.filter((event: { by: string }) => event.by === 'staff')).toEqual([
      { at: '2026-03-26T09:30:00.000Z', by: 'staff', who: 'Morag Starter', what: 'Golfer 2 marked arrived' },
    ]);
  });

  it('answers 404 for an unknown number and 400 for a malformed one', async () => {
    expect((await sendFrom(t.app, desk, 'GET', '/v1/staff/bookings/123456789')).statusCode).toBe(404);
    expect((await sendFrom(t.app, desk, 'GET', '/v1/staff/bookings/abc')).statusCode).toBe(400);
    expect(
      (await sendFrom(t.app, starter, 'GET', `/v1/staff/bookings/${ada.bookingNumber}`)).statusCode,
    ).toBe(403);
  });
});
