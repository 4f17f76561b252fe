import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, paymentIntents, staffAuditLog } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { apiHeaders, createTestApp, withCsrf } from '../../test/test-app.ts';
import {
  bookingBody,
  createBookingApp,
  patchBooking,
  postBooking,
} from '../bookings/booking-test-helpers.ts';
import { CONTACT_DETAILS } from '../confirmation/confirmation-test-helpers.ts';
import { paidWithoutReport, saveDetails } from '../contact-details/operator-test-helpers.ts';
import { slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import { sendFrom, staffAppForTests, staffBrowser, visitorBooking } from './test/staff-test-helpers.ts';

// Issue 23, operations (admins): the outbox's counts and messages (read as text, a failed one sent again, audited),
// the live holds, and the payments the reconciliation job has not settled.

const { burnside } = COURSE_IDS;

const setup = staffAppForTests(() => createBookingApp(NOW), {
  admin: { username: 'ops.admin', role: 'admin' },
});

const get = (path: string) => sendFrom(setup.t.app, setup.admin, 'GET', path);

describe('the operations page', () => {
  it('lists live holds, unsettled payments and the outbox; reads a message; sends a failed one again', async () => {
    const held = await postBooking(
      setup.t.app,
      await withCsrf(setup.t.app),
      bookingBody(
        [{ id: burnside, slotId: await slotIdAt(setup.t.database.db, burnside, '2026-03-27', '11:00') }],
        [1, 1],
      ),
    );
    expect(held.statusCode).toBe(200);
    const made = await visitorBooking(
      setup.t,
      [{ courseId: burnside, date: '2026-03-27', time: '10:00' }],
      [1],
    );
    const [mail] = await setup.t.database.db.select().from(mailOutbox);
    await setup.t.database.db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 10, lastError: 'ECONNREFUSED' })
      .where(eq(mailOutbox.id, mail!.id));
    // A payment the job could not settle twice (the provider was down).
    await setup.t.database.db.insert(paymentIntents).values({
      id: 'pi_sbx_stuck_0001',
      provider: 'sandbox',
      bookingId: made.bookingId,
      amount: 5_500,
      currency: 'gbp',
      status: 'succeeded',
      reconcileFailures: 2,
    });

    const summary = await get('/v1/staff/operations');
    expect(summary.statusCode, summary.body).toBe(200);
    const data = summary.json().data;
    expect(data.mail).toEqual({ pending: 0, failed: 1, sent_last_24_hours: 0 });
    expect(data.holds).toEqual([
      expect.objectContaining({
        booking_number: held.json().data.booking_number,
        operator: null,
        rounds: [{ course: 'Burnside Course', tee_time: expect.any(String), players: 2 }],
      }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({ id: 'pi_sbx_stuck_0001', booking_number: made.bookingNumber, failures: 2 }),
    ]);

    const failed = await get('/v1/staff/mail?status=failed');
    expect(failed.json().data).toMatchObject({ total: 1, page: 1 });
    expect(failed.json().data.messages[0]).toMatchObject({
      id: mail!.id,
      booking_number: made.bookingNumber,
      last_error: 'ECONNREFUSED',
    });
    const message = await get(`/v1/staff/mail/${mail!.id}`);
    expect(message.json().data.text).toContain(made.bookingNumber);
    // The calendar file, and the card payment's VAT invoice.
    expect(message.json().data.attachments).toEqual([
      expect.stringMatching(/\.ics$/),
      expect.stringMatching(/^INV-\d{6}\.pdf$/),
    ]);

    const retried = await sendFrom(setup.t.app, setup.admin, 'POST', `/v1/staff/mail/${mail!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    const [row] = await setup.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    const again = await sendFrom(setup.t.app, setup.admin, 'POST', `/v1/staff/mail/${mail!.id}/retry`);
    expect(again.statusCode).toBe(422);
    const audit = (await setup.t.database.db.select().from(staffAuditLog)).filter(
      (entry) => entry.action === 'mail.retried',
    );
    expect(audit.map((entry) => [entry.targetId, entry.before])).toEqual([[mail!.id, { status: 'failed' }]]);
  });

  it('lists a payment the booking engine refunded itself, with why, for the desk to call the payer', async () => {
    // Step 2 opened a payment; the golfer changed the booking (a second golfer) while paying the old amount.
    const golfer = await withCsrf(setup.t.app);
    const slotId = await slotIdAt(setup.t.database.db, burnside, '2026-03-27', '12:00');
    const held = await postBooking(setup.t.app, golfer, bookingBody([{ id: burnside, slotId }], [1]));
    expect(held.statusCode, held.body).toBe(200);
    const booking = held.json().data as { booking_id: number; booking_number: string };
    const details = await saveDetails(setup.t, golfer, booking.booking_id, CONTACT_DETAILS);
    expect(details.statusCode, details.body).toBe(200);
    const stale = details.json().data.payment_intent as { id: string; amount: number };
    await paidWithoutReport(setup.t.database.db, stale.id);
    const repriced = await patchBooking(
      setup.t.app,
      golfer,
      booking.booking_id,
      bookingBody([{ id: burnside, slotId }], [1, 1]),
    );
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect((await get('/v1/staff/operations')).json().data.automatic_refunds).toEqual([]);

    // The reconciliation job finds the payment that no longer matches and refunds it; and the first test's stuck
    // payment, whose booking had been paid by its own card payment, as paid twice.
    await setup.t.app.jobs.runOnce('payment-reconciliation');
    const data = (await get('/v1/staff/operations')).json().data;
    expect(data.automatic_refunds).toHaveLength(2);
    expect(data.automatic_refunds).toEqual(
      expect.arrayContaining([
        {
          id: stale.id,
          booking_number: booking.booking_number,
          amount: stale.amount,
          reason: 'amount_mismatch',
          refunded_at: expect.any(String),
        },
        expect.objectContaining({ id: 'pi_sbx_stuck_0001', reason: 'paid_twice' }),
      ]),
    );
    // Settled now, so no longer among the payments the job could not settle.
    expect(data.payments).toEqual([]);
  });

  it('answers 404 for an unknown message and 400 for bad input', async () => {
    expect((await get('/v1/staff/mail/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/v1/staff/mail/not-a-uuid')).statusCode).toBe(400);
    expect((await get('/v1/staff/mail?status=lost')).statusCode).toBe(400);
    expect((await get('/v1/staff/mail?page=0')).statusCode).toBe(400);
  });
});

describe('the maintenance switch', () => {
  const put = (enabled: unknown, browser = setup.admin, on = setup.t) =>
    sendFrom(on.app, browser, 'PUT', '/v1/staff/maintenance', { enabled });
  const publicCall = () => setup.t.app.inject({ method: 'GET', url: '/v1/courses', headers: apiHeaders() });
  const switches = async () =>
    (await setup.t.database.db.select().from(staffAuditLog))
      .filter((entry) => entry.action === 'maintenance.switched')
      .map((entry) => [entry.staffUserId, entry.before, entry.after]);

  it('closes the public site while the staff area keeps working, and opens it again; each switch audited once', async () => {
    expect((await get('/v1/staff/operations')).json().data.maintenance).toEqual({
      maintenance: false,
      forced_by_env: false,
      database_flag: false,
    });
    const on = await put(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ maintenance: true, forced_by_env: false, database_flag: true });
    expect((await publicCall()).json().error.code).toBe('maintenance');

    // Staff carry on: the tee sheet, the courses for their pickers, the operations page itself.
    const sheet = await get(`/v1/staff/tee-sheet?course_id=${burnside}&date=2026-03-27`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const courses = await get('/v1/staff/courses');
    expect(courses.statusCode, courses.body).toBe(200);
    expect(courses.json().data.map((course: { name: string }) => course.name)).toContain('Burnside Course');
    expect((await get('/v1/staff/operations')).json().data.maintenance.maintenance).toBe(true);

    // A second admin's click on a site already closed changes and records nothing.
    expect((await put(true)).statusCode).toBe(200);
    const off = await put(false);
    expect(off.json().data).toEqual({ maintenance: false, forced_by_env: false, database_flag: false });
    expect((await publicCall()).statusCode).toBe(200);
    const adminId = (await get('/v1/staff/me')).json().data.id;
    expect(await switches()).toEqual([
      [adminId, { maintenance: false }, { maintenance: true }],
      [adminId, { maintenance: true }, { maintenance: false }],
    ]);
  });

  it('is for admins only, and refuses bad input without changing anything', async () => {
    const desk = await staffBrowser(setup.t, { username: 'ops.desk', role: 'reservations' });
    expect((await put(true, desk)).statusCode).toBe(403);
    for (const bad of ['yes', null, 1]) {
      const response = await put(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await publicCall()).statusCode).toBe(200);
  });

  it('cannot open a site the server was started closed (MAINTENANCE_MODE=on), and says so', async () => {
    const forced = await createTestApp({ maintenanceForced: true });
    try {
      const browser = await staffBrowser(forced, { username: 'forced.admin', role: 'admin' });
      const summary = await sendFrom(forced.app, browser, 'GET', '/v1/staff/operations');
      expect(summary.json().data.maintenance).toEqual({
        maintenance: true,
        forced_by_env: true,
        database_flag: false,
      });
      const off = await put(false, browser, forced);
      expect(off.statusCode).toBe(409);
      expect(off.json().error.code).toBe('maintenance_forced');
    } finally {
      await forced.close();
    }
  });
});
