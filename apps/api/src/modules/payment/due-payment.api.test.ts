import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.ts';
import { invoices, staffRefunds } from '../../db/schema/index.ts';
import { paymentReconciliationJob } from '../../jobs/payment-reconciliation.job.ts';
import { at, DAY, NOW, TODAY } from '../../test/booking-week.ts';
import { paymentIntentsOf } from '../../test/stored-rows.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import type { Session } from '../bookings/booking-test-helpers.ts';
import {
  bookedAndPaidByCard,
  bookedOnTerms,
  bookingRow,
  CANCEL_UNPAID_TERMS,
  mailsAbout,
  operatorBookingApp,
  payWithCard,
  recordPayment,
  refundsOf,
} from '../contact-details/operator-test-helpers.ts';
import { runPaymentSchedule } from '../payment-schedule/run-payment-schedule.ts';
import { sendFrom, staffBrowser } from '../staff/test/staff-test-helpers.ts';
import { DUE_PAYMENT_LIFETIME_MS } from './due-payment.ts';

// Issue 24, point 2: a tour operator pays what is due online, from the booking page or from the signed link of a
// reminder e-mail (no sign-in), in part or whole; the receipt follows; the payment-schedule job never cancels a
// booking so paid; a payment that can no longer be used is refunded once.

let t: TestApp;
let fairway: Session;
let linksTravel: Session;

beforeAll(async () => {
  ({ t, fairway, linksTravel } = await operatorBookingApp(NOW, CANCEL_UNPAID_TERMS));
});
afterAll(async () => t?.close());

const payLater = (daysOut: number) => bookedOnTerms(t, fairway, TODAY, daysOut);

function startPayment(session: Session, bookingNumber: string, amount: number, bodyNumber = bookingNumber) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/bookings/${bookingNumber}/due-payments`,
    headers: session.headers,
    payload: { booking_id: bodyNumber, amount },
  });
}

function recordDue(session: Session, bookingNumber: string, intentId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/bookings/${bookingNumber}/due-payments/record`,
    headers: session.headers,
    payload: { booking_id: bookingNumber, payment_intent: intentId },
  });
}

async function opened(session: Session, bookingNumber: string, amount: number) {
  const answer = await startPayment(session, bookingNumber, amount);
  expect(answer.statusCode, answer.body).toBe(200);
  const data = answer.json().data as { payment_intent: string; client_secret: string; amount: number };
  return { id: data.payment_intent, client_secret: data.client_secret, amount: data.amount };
}

/** A fresh browser opening the reminder's signed link: its session may then see and pay the booking. */
async function browserFromLink(url: string): Promise<Session> {
  const browser = await withCsrf(t.app);
  const { pathname, search } = new URL(url);
  const bookingNumber = pathname.split('/').at(-1);
  const answer = await t.app.inject({
    method: 'GET',
    url: `/v1/bookings/${bookingNumber}/confirmation${search}`,
    headers: browser.headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return browser;
}

describe('paying what is due online', () => {
  it('from the reminder link, in two parts: receipts, the statement, and no cancellation after the deadline', async () => {
    const booking = await payLater(60);
    const reminded = await runPaymentSchedule(t.app, at(booking.dueBy, -2 * DAY));
    expect(reminded.reminded).toContain(booking.id);
    const reminder = (await mailsAbout(t, booking.number)).at(-1)!;
    expect(reminder.subject).toBe(`Payment due on booking ${booking.number}`);
    const link = /View and pay online: (\S+)/.exec(reminder.text)?.[1];
    expect(link).toBeDefined();

    // No sign-in: a browser that never saw the booking is refused until it opens the link.
    const browser = await withCsrf(t.app);
    expect((await startPayment(browser, booking.number, 1000)).statusCode).toBe(403);
    const holder = await browserFromLink(link!);

    const half = Math.floor(booking.payable / 2);
    const first = await opened(holder, booking.number, half);
    expect(first.amount).toBe(half);
    // The same amount again, before it is paid: the one already open.
    expect((await opened(holder, booking.number, half)).id).toBe(first.id);
    expect((await payWithCard(t, holder, first)).statusCode).toBe(200);
    const recorded = await recordDue(holder, booking.number, first.id);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const page = recorded.json().data;
    expect(page.totals).toMatchObject({ payable: booking.payable, paid: half, due: booking.payable - half });
    expect(page.statement).toEqual([
      expect.objectContaining({ kind: 'card_payment', amount: half, description: 'Card payment' }),
    ]);
    // Recorded once, whoever reports it again (the sandbox's own event already did).
    expect((await recordDue(holder, booking.number, first.id)).statusCode).toBe(200);
    expect((await bookingRow(t, booking.id)).paidPence).toBe(half);
    const receipt = (await mailsAbout(t, booking.number)).at(-1)!;
    expect(receipt.subject).toBe(`Payment received for booking ${booking.number}`);
    expect(receipt.text).toContain(`We have received your card payment of £${(half / 100).toFixed(2)}`);
    expect(receipt.text).toContain('Still due by Tuesday 7th April 2026');

    // More than is left is refused; the rest is paid by the operator signed in, from the booking page.
    const rest = booking.payable - half;
    const tooMuch = await startPayment(fairway, booking.number, rest + 1);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe(
      `You can pay at most £${(rest / 100).toFixed(2)}, the amount due on this booking.`,
    );
    const second = await opened(fairway, booking.number, rest);
    expect((await payWithCard(t, fairway, second)).statusCode).toBe(200);
    expect((await recordDue(fairway, booking.number, second.id)).json().data.totals.due).toBe(0);
    expect((await mailsAbout(t, booking.number)).at(-1)!.text).toContain('Your booking is now paid in full');
    const nothing = await startPayment(fairway, booking.number, 100);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().error.code).toBe('nothing_due');

    // A VAT invoice per payment, attached to its receipt; together they are the booking's price and VAT.
    const documents = await t.database.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
    expect(documents.map((row) => [row.kind, row.grossPence])).toEqual([
      ['invoice', half],
      ['invoice', rest],
    ]);
    const row = await bookingRow(t, booking.id);
    expect(documents.reduce((sum, document) => sum + document.vatPence, 0)).toBe(row.vatPence);
    const receipts = (await mailsAbout(t, booking.number)).filter((mail) =>
      mail.subject.startsWith('Payment received'),
    );
    expect(receipts.map((mail) => mail.attachments.map((attachment) => attachment.filename))).toEqual(
      documents.map((document) => [`${document.number}.pdf`]),
    );

    // Paid: the deadline passes and the job neither reminds nor cancels.
    const after = await runPaymentSchedule(t.app, at(booking.dueBy, DAY));
    expect(after.cancelled).not.toContain(booking.id);
    expect((await bookingRow(t, booking.id)).status).toBe('confirmed');
  });

  it('the operator signed in opens their own booking without a PIN; another company cannot see or pay it', async () => {
    const booking = await payLater(70);
    const own = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${booking.number}/confirmation`,
      headers: fairway.headers,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.totals.due).toBe(booking.payable);
    const other = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${booking.number}/confirmation`,
      headers: linksTravel.headers,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('access_required');
    expect((await startPayment(linksTravel, booking.number, 1000)).statusCode).toBe(403);
  });

  it('refuses bad amounts and a body for another booking, changing nothing', async () => {
    const booking = await payLater(75);
    const small = await startPayment(fairway, booking.number, 99);
    expect(small.statusCode).toBe(422);
    expect(small.json().error.message).toBe('Please pay at least £1.00.');
    expect((await startPayment(fairway, booking.number, 0)).statusCode).toBe(400);
    const mismatch = await startPayment(fairway, booking.number, 1000, '1234567');
    expect(mismatch.statusCode).toBe(400);
    expect(await paymentIntentsOf(t.database.db, booking.id)).toHaveLength(0);
  });

  it('two payments of the whole due: one is taken, the other refunded once with its e-mail', async () => {
    const booking = await payLater(80);
    const one = await opened(fairway, booking.number, booking.payable);
    // A second tab asks for a penny less: a second intent.
    const two = await opened(fairway, booking.number, booking.payable - 1);
    expect(two.id).not.toBe(one.id);
    expect((await payWithCard(t, fairway, one)).statusCode).toBe(200);
    expect((await payWithCard(t, fairway, two)).statusCode).toBe(200);
    const late = await recordDue(fairway, booking.number, two.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('due_payment_refunded');
    expect((await recordDue(fairway, booking.number, two.id)).statusCode).toBe(409);
    expect(await refundsOf(t.database.db, two.id)).toHaveLength(1);
    expect(await refundsOf(t.database.db, one.id)).toHaveLength(0);
    expect((await bookingRow(t, booking.id)).paidPence).toBe(booking.payable);
    const refundMails = (await mailsAbout(t, booking.number)).filter((mail) =>
      mail.subject.includes('refunded'),
    );
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.text).toContain('Nothing was due on booking');
  });

  it('a payment completed after the booking was cancelled is refunded, and the booking stays cancelled', async () => {
    const booking = await payLater(85);
    const intent = await opened(fairway, booking.number, 1000);
    await t.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: NOW, cancelledReason: 'unpaid' })
      .where(eq(bookings.id, booking.id));
    expect((await payWithCard(t, fairway, intent)).statusCode).toBe(200);
    expect(await refundsOf(t.database.db, intent.id)).toHaveLength(1);
    const row = await bookingRow(t, booking.id);
    expect(row).toMatchObject({ status: 'cancelled', paidPence: 0 });
  });

  it('an opened payment left unpaid is cancelled at the provider after its hour by the reconciliation job', async () => {
    const booking = await payLater(90);
    const intent = await opened(fairway, booking.number, 2000);
    const jobAt = (offset: number) => ({
      clock: { now: () => at(new Date(), offset) },
      config: t.app.config,
      db: t.app.db,
      log: t.app.log,
      payments: t.app.payments,
    });
    await paymentReconciliationJob.run(jobAt(DUE_PAYMENT_LIFETIME_MS - 60_000) as never);
    expect((await t.app.payments.retrieveIntent(intent.id))?.status).not.toBe('canceled');
    await paymentReconciliationJob.run(jobAt(DUE_PAYMENT_LIFETIME_MS + 60_000) as never);
    expect((await t.app.payments.retrieveIntent(intent.id))?.status).toBe('canceled');
    // A new payment of the same amount opens a new intent, not the cancelled one.
    expect((await opened(fairway, booking.number, 2000)).id).not.toBe(intent.id);
    // The step-3 record call never takes a due payment for a hold.
    expect((await recordPayment(t, fairway, booking.id, intent.id)).statusCode).not.toBe(200);
  });
  it('a cancellation refunds the deposit and the balance paid online, each to its own payment, once', async () => {
    const {
      intent: deposit,
      row,
      ...booking
    } = await bookedAndPaidByCard(t, fairway, TODAY, 95, 'deposit', 2);
    const depositPaid = row.paidPence!;
    expect(depositPaid).toBeGreaterThan(0);
    const balance = await opened(fairway, booking.number, booking.payable - depositPaid);
    expect((await payWithCard(t, fairway, balance)).statusCode).toBe(200);
    expect((await bookingRow(t, booking.id)).paidPence).toBe(booking.payable);

    const desk = await staffBrowser(t, { username: 'due.desk', role: 'reservations' });
    const detail = await sendFrom(t.app, desk, 'GET', `/v1/staff/bookings/${booking.number}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.refundable).toBe(booking.payable);
    const tooMuch = await sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${booking.number}/cancel`, {
      reason: 'Tour cancelled',
      refund: booking.payable + 1,
    });
    expect(tooMuch.statusCode).toBe(422);
    const cancelled = await sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${booking.number}/cancel`, {
      reason: 'Tour cancelled',
      refund: booking.payable - 100,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.refund).toEqual({ amount: booking.payable - 100, status: 'succeeded' });
    // The newest payment (the balance) goes back whole first, then the deposit less the £1.00 kept.
    const rows = await t.database.db
      .select()
      .from(staffRefunds)
      .where(eq(staffRefunds.bookingId, booking.id));
    expect(
      rows
        .map((row) => [row.paymentIntentId, row.amountPence, row.status])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [balance.id, balance.amount, 'succeeded'],
        [deposit.id, depositPaid - 100, 'succeeded'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect((await refundsOf(t.database.db, balance.id)).map((refund) => refund.amount)).toEqual([
      balance.amount,
    ]);
    expect((await refundsOf(t.database.db, deposit.id)).map((refund) => refund.amount)).toEqual([
      depositPaid - 100,
    ]);
  });
});
