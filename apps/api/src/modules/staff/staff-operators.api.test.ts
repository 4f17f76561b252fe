import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, mailOutbox, operators, staffAuditLog } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { operatorSessionsOf } from '../../test/stored-rows.ts';
import { addOperator, type Browser, login, post } from '../auth/test/auth-test-helpers.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import { sendFrom, staffAppForTests, visitorBooking } from './test/staff-test-helpers.ts';

// Issue 23, tour operators in the staff area: opened by an admin (the operator chooses the password from the welcome
// e-mail; staff never see one), the deposit, disabling and enabling, a reset link, and what each operator owes by when.

const { burnside } = COURSE_IDS;
const NEW_OPERATOR = {
  company_name: 'Kingdom Golf Breaks',
  username: 'kingdom',
  email: 'desk@kingdom-golf.example',
  deposit_percent: 30,
};

const setup = staffAppForTests(() => createBookingApp(NOW), {
  admin: { username: 'op.admin', role: 'admin' },
  desk: { username: 'op.desk', role: 'reservations' },
});

const send = (browser: Browser, method: 'GET' | 'POST' | 'PATCH', path: string, body?: object) =>
  sendFrom(setup.t.app, browser, method, path, body);
const auditOf = async (action: string) =>
  (await setup.t.database.db.select().from(staffAuditLog)).filter((entry) => entry.action === action);
const mailTo = async (to: string) =>
  (await setup.t.database.db.select().from(mailOutbox)).filter((message) => message.to === to);

describe('opening an operator account', () => {
  let id = 0;

  it('creates the account without a password anyone knows; the welcome link lets the operator choose one', async () => {
    const created = await send(setup.admin, 'POST', '/v1/staff/operators', NEW_OPERATOR);
    expect(created.statusCode, created.body).toBe(200);
    const operator = created.json().data;
    id = operator.id;
    expect(operator).toMatchObject({
      company_name: 'Kingdom Golf Breaks',
      username: 'kingdom',
      deposit_percent: 30,
      status: 'active',
      password_set: false,
      due: 0,
    });
    expect(created.body).not.toMatch(/password"\s*:\s*"/);
    expect(await auditOf('operator.created')).toHaveLength(1);

    const [welcome] = await mailTo(NEW_OPERATOR.email);
    expect(welcome?.subject).toBe('Your The Links tour operator account');
    const link = /\/reset\?t=([^&\s]+)&u=kingdom/.exec(welcome?.text ?? '');
    expect(link, welcome?.text).not.toBeNull();
    const chosen = 'Kingdom-Links-2026!';
    const reset = await post(setup.t.app, '/v1/reset', {
      username: 'kingdom',
      token: decodeURIComponent(link![1]!),
      password: chosen,
      password_confirmation: chosen,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(setup.t.app, 'kingdom', chosen)).response.statusCode).toBe(200);
    const listed = (await send(setup.desk, 'GET', '/v1/staff/operators')).json().data;
    expect(listed.find((each: { id: number }) => each.id === id)).toMatchObject({ password_set: true });
  });

  it('refuses a taken username and bad input with a clear message, creating nothing', async () => {
    const before = (await setup.t.database.db.select().from(operators)).length;
    const taken = await send(setup.admin, 'POST', '/v1/staff/operators', {
      ...NEW_OPERATOR,
      email: 'x@y.example',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('username_taken');
    for (const [field, value, message] of [
      ['company_name', ' ', 'Please enter the company name (up to 200 characters).'],
      ['username', 'a b', 'The username must be 3 to 64 letters, digits or . _ @ - characters.'],
      ['email', 'not-an-address', 'Please enter a valid e-mail address.'],
      ['deposit_percent', 101, 'The deposit must be a whole percentage from 0 to 100.'],
      ['deposit_percent', 12.5, 'The deposit must be a whole percentage from 0 to 100.'],
    ] as const) {
      const response = await send(setup.admin, 'POST', '/v1/staff/operators', {
        ...NEW_OPERATOR,
        username: 'another',
        [field]: value,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.body, field).toContain(message);
    }
    expect((await setup.t.database.db.select().from(operators)).length).toBe(before);
  });

  it('is for admins; the reservations desk reads the list and an operator page only', async () => {
    expect(
      (await send(setup.desk, 'POST', '/v1/staff/operators', { ...NEW_OPERATOR, username: 'desk-made' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send(setup.desk, 'PATCH', `/v1/staff/operators/${id}`, { deposit_percent: 10 })).statusCode,
    ).toBe(403);
    expect((await send(setup.desk, 'POST', `/v1/staff/operators/${id}/password-link`)).statusCode).toBe(403);
    expect((await send(setup.desk, 'GET', `/v1/staff/operators/${id}`)).statusCode).toBe(200);
    expect((await send(setup.desk, 'GET', '/v1/staff/operators/999999')).statusCode).toBe(404);
    expect((await send(setup.desk, 'GET', '/v1/staff/operators/abc')).statusCode).toBe(400);
  });

  it('changes the deposit, disables (signing the operator out) and enables, each audited once', async () => {
    const deposit = await send(setup.admin, 'PATCH', `/v1/staff/operators/${id}`, { deposit_percent: 40 });
    expect(deposit.json().data.deposit_percent).toBe(40);
    await send(setup.admin, 'PATCH', `/v1/staff/operators/${id}`, { deposit_percent: 40 });
    expect((await auditOf('operator.deposit_changed')).map((entry) => [entry.before, entry.after])).toEqual([
      [{ deposit_percent: 30 }, { deposit_percent: 40 }],
    ]);
    expect(
      (
        await send(setup.admin, 'PATCH', `/v1/staff/operators/${id}`, {
          deposit_percent: 40,
          status: 'active',
        })
      ).statusCode,
    ).toBe(400);

    expect(await operatorSessionsOf(setup.t.database.db, id)).not.toHaveLength(0);
    const disabled = await send(setup.admin, 'PATCH', `/v1/staff/operators/${id}`, { status: 'disabled' });
    expect(disabled.json().data.status).toBe('disabled');
    expect(await operatorSessionsOf(setup.t.database.db, id)).toHaveLength(0);
    expect((await login(setup.t.app, 'kingdom', 'Kingdom-Links-2026!')).response.statusCode).not.toBe(200);
    const refused = await send(setup.admin, 'POST', `/v1/staff/operators/${id}/password-link`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('operator_disabled');

    expect(
      (await send(setup.admin, 'PATCH', `/v1/staff/operators/${id}`, { status: 'active' })).json().data
        .status,
    ).toBe('active');
    expect((await auditOf('operator.disabled')).length).toBe(1);
    expect((await auditOf('operator.enabled')).length).toBe(1);
  });

  it("sends a reset link to the operator's own address, audited", async () => {
    const mailBefore = (await mailTo(NEW_OPERATOR.email)).length;
    const sent = await send(setup.admin, 'POST', `/v1/staff/operators/${id}/password-link`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ sent_to: NEW_OPERATOR.email });
    const messages = await mailTo(NEW_OPERATOR.email);
    expect(messages).toHaveLength(mailBefore + 1);
    expect(messages.at(-1)?.subject).toBe('Reset your The Links tour operator password');
    expect((await auditOf('operator.password_link_sent')).map((entry) => entry.after)).toEqual([
      { kind: 'reset' },
    ]);
  });
});

describe("an operator's bookings and what they owe", () => {
  it('lists each booking with payable, paid, due and due date, and totals them on the list', async () => {
    const fairway = await addOperator(setup.t.database.db, { username: 'fairway' });
    const owing = await visitorBooking(
      setup.t,
      [{ courseId: burnside, date: '2026-05-27', time: '10:00' }],
      [1, 1],
    );
    const paidUp = await visitorBooking(
      setup.t,
      [{ courseId: burnside, date: '2026-04-27', time: '10:00' }],
      [1],
    );
    const dueAt = new Date('2026-04-15T22:59:59Z');
    await setup.t.database.db
      .update(bookings)
      .set({ operatorId: fairway!.id, paymentMethod: 'deposit', paidPence: 5_000, balanceDueAt: dueAt })
      .where(eq(bookings.id, owing.bookingId));
    await setup.t.database.db
      .update(bookings)
      .set({ operatorId: fairway!.id })
      .where(eq(bookings.id, paidUp.bookingId));
    const [row] = await setup.t.database.db.select().from(bookings).where(eq(bookings.id, owing.bookingId));
    const owed = (row!.payablePence ?? 0) - 5_000;
    expect(owed).toBeGreaterThan(0);

    const detail = await send(setup.desk, 'GET', `/v1/staff/operators/${fairway!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const list = detail.json().data.bookings;
    expect(list.map((each: { booking_number: string }) => each.booking_number)).toEqual([
      paidUp.bookingNumber,
      owing.bookingNumber,
    ]);
    expect(list[1]).toMatchObject({
      payment_method: 'deposit',
      paid: 5_000,
      due: owed,
      due_at: dueAt.toISOString(),
      courses: ['Burnside Course'],
    });
    expect(list[0]).toMatchObject({ due: 0, due_at: null });
    expect(detail.json().data.operator).toMatchObject({
      upcoming_bookings: 2,
      due: owed,
      next_due_at: dueAt.toISOString(),
    });
    const listed = (await send(setup.desk, 'GET', '/v1/staff/operators')).json().data;
    expect(listed.find((each: { id: number }) => each.id === fairway!.id)).toMatchObject({ due: owed });
  });
});
