import { COURSE_IDS } from '@links/shared/constants';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema/bookings.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { paymentIntents, paymentRefunds } from '../db/schema/payments.ts';
import {
  createBookingApp,
  type Session,
  twoInstancesOnOneDatabase,
} from '../modules/bookings/booking-test-helpers.ts';
import {
  bookingAwaitingPayment,
  CONTACT_DETAILS,
} from '../modules/confirmation/confirmation-test-helpers.ts';
import {
  bookingMails,
  deliverSucceededWebhook,
  paidWithoutReport,
  payWithCard,
  recordPayment,
  refundsOf,
} from '../modules/contact-details/operator-test-helpers.ts';
import { holdExpiring, insertBooking, slotIdAt } from '../modules/tee-sheet/tee-sheet-test-data.ts';
import { NOW, THURSDAY } from '../test/booking-week.ts';
import { type TestApp, withCsrf } from '../test/test-app.ts';
import { testDbKind } from '../test/test-database.ts';
import { LAPSED_HOLD_PAYMENT_GRACE_MS } from './payment-reconciliation.job.ts';

// Issue 20 §2, lost confirmations: a paid booking must not depend on the browser coming back. The reconciliation job
// asks the provider about every payment not yet settled and confirms (one e-mail) or refunds; it, the webhook and the
// browser may race, and the booking is confirmed once and nobody is charged or refunded twice.

const { burnside } = COURSE_IDS;
const WEBHOOK_SECRET = 'whsec_test_reconciliation_0123456789abcdef';
const details = { ...CONTACT_DETAILS, lead_player_name: 'ignored for a lead player' };

type Paid = { id: number; number: string; slotId: number; intent: { id: string; client_secret: string } };

/** A held booking with its contact details saved: its payment intent is open. */
async function bookingWithIntent(
  app: FastifyInstance,
  session: Session,
  time: string,
  golfers = 1,
): Promise<Paid> {
  const round = { courseId: burnside, date: THURSDAY, time };
  const golferTypes = Array.from({ length: golfers }, () => 1);
  const made = await bookingAwaitingPayment(app, app.db, session, [round], golferTypes, details);
  const slotId = await slotIdAt(app.db, burnside, THURSDAY, time);
  return { id: made.bookingId, number: made.bookingNumber, slotId, intent: made.intent };
}

const TIMES = ['10:00', '10:10', '10:20', '10:30', '10:40', '10:50', '11:00', '11:10', '11:20', '11:30'];

describe('the payment-reconciliation job', () => {
  let t: TestApp;
  let session: Session;
  const times = [...TIMES, '11:40', '11:50', '12:00', '12:10', '12:20', '14:00', '14:10', '14:20'];
  const nextTime = () => {
    const time = times.shift();
    if (!time) throw new Error('out of tee times');
    return time;
  };

  beforeAll(async () => {
    t = await createBookingApp(NOW, { stripeWebhookSecret: WEBHOOK_SECRET });
    session = await withCsrf(t.app);
  });
  afterAll(async () => t?.close());

  const statusOf = async (id: number) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

  it('confirms in one pass the paid bookings whose record call never came, with one e-mail each', async () => {
    const paid: Paid[] = [];
    for (let index = 0; index < 4; index += 1) paid.push(await bookingWithIntent(t.app, session, nextTime()));
    for (const booking of paid) await paidWithoutReport(t.database.db, booking.intent.id);
    for (const booking of paid) expect((await statusOf(booking.id))?.status).toBe('held');

    await t.app.jobs.runOnce('payment-reconciliation');
    for (const booking of paid) {
      expect(await statusOf(booking.id)).toMatchObject({
        status: 'confirmed',
        paidPence: 5500,
        paymentIntentId: booking.intent.id,
      });
      const mails = await bookingMails(t, booking.number);
      expect(mails.confirmations.map((mail) => mail.to)).toEqual(['ada@example.com']);
      expect(mails.refunds).toHaveLength(0);
    }
    // Nothing left to do: a second pass neither asks again nor mails again.
    await t.app.jobs.runOnce('payment-reconciliation');
    for (const booking of paid) expect((await bookingMails(t, booking.number)).confirmations).toHaveLength(1);
    const settled = await t.database.db
      .select({ settlement: paymentIntents.settlement, settledAt: paymentIntents.settledAt })
      .from(paymentIntents)
      .where(
        inArray(
          paymentIntents.id,
          paid.map((booking) => booking.intent.id),
        ),
      );
    for (const row of settled) {
      expect(row.settlement).toBe('confirmed');
      expect(row.settledAt).toBeInstanceOf(Date);
    }
  });

  it('refunds a payment whose hold lapsed and whose places went, and mails the golfer once', async () => {
    const booking = await bookingWithIntent(t.app, session, nextTime(), 2);
    await t.database.db
      .update(bookings)
      .set({ status: 'expired', holdExpiresAt: holdExpiring.twoMinutesAgo })
      .where(eq(bookings.id, booking.id));
    await insertBooking(t.database.db, {
      status: 'confirmed',
      rounds: [{ courseId: burnside, slotId: booking.slotId, players: 3 }],
    });
    await paidWithoutReport(t.database.db, booking.intent.id);
    await t.app.jobs.runOnce('payment-reconciliation');
    await t.app.jobs.runOnce('payment-reconciliation');
    expect((await refundsOf(t.database.db, booking.intent.id)).map((refund) => refund.amount)).toEqual([
      11_000,
    ]);
    expect((await statusOf(booking.id))?.status).toBe('cancelled');
    const mails = await bookingMails(t, booking.number);
    expect(mails.confirmations).toHaveLength(0);
    expect(mails.refunds).toHaveLength(1);
    expect(mails.refunds[0]?.text).toContain('have since been booked by someone else');
  });

  it('leaves the payment of a live hold open, and cancels it at the provider once the hold is long gone', async () => {
    const booking = await bookingWithIntent(t.app, session, nextTime());
    await t.app.jobs.runOnce('payment-reconciliation');
    const intentRow = async () =>
      (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, booking.intent.id)))[0];
    expect(await intentRow()).toMatchObject({ status: 'requires_payment_method', settlement: null });

    // Within the grace after the hold ended the golfer may still pay (and re-take free places)...
    await t.database.db
      .update(bookings)
      .set({ status: 'expired', holdExpiresAt: holdExpiring.twoMinutesAgo })
      .where(eq(bookings.id, booking.id));
    await t.app.jobs.runOnce('payment-reconciliation');
    expect((await intentRow())?.status).toBe('requires_payment_method');

    // ...after it, the payment is cancelled so that it can never be taken.
    const past = `${Math.ceil(LAPSED_HOLD_PAYMENT_GRACE_MS / 1000) + 60} seconds`;
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - ${past}::interval` })
      .where(eq(bookings.id, booking.id));
    await t.app.jobs.runOnce('payment-reconciliation');
    expect(await intentRow()).toMatchObject({ status: 'canceled', settlement: 'canceled' });
    const paid = await payWithCard(t, session, booking.intent);
    expect(paid.statusCode).toBe(409);
    expect((await statusOf(booking.id))?.status).toBe('expired');
  });

  it('racing the browser (twice), the webhook and two passes of the job: confirmed once, charged once, one e-mail', async () => {
    const paid: Paid[] = [];
    for (let index = 0; index < 3; index += 1) paid.push(await bookingWithIntent(t.app, session, nextTime()));
    for (const booking of paid) await paidWithoutReport(t.database.db, booking.intent.id);
    const answers = await Promise.all(
      paid.flatMap((booking) => [
        recordPayment(t, session, booking.id, booking.intent.id),
        recordPayment(t, session, booking.id, booking.intent.id),
        deliverSucceededWebhook(t, booking.intent.id),
      ]),
    );
    await Promise.all([
      t.app.jobs.runOnce('payment-reconciliation'),
      t.app.jobs.runOnce('payment-reconciliation'),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    for (const booking of paid) {
      expect((await statusOf(booking.id))?.status).toBe('confirmed');
      expect(await refundsOf(t.database.db, booking.intent.id)).toHaveLength(0);
      const mails = await bookingMails(t, booking.number);
      expect(mails.confirmations).toHaveLength(1);
      expect(mails.refunds).toHaveLength(0);
    }
  });
});

// PostgreSQL only: two app instances, each with its own pool, on one database; registered, never skipped.
if (testDbKind() === 'postgres') {
  describe('the job, the webhook and the browser on two instances at once (PostgreSQL)', () => {
    const { apps } = twoInstancesOnOneDatabase('links_reconcile', NOW, 6, {
      stripeWebhookSecret: WEBHOOK_SECRET,
    });

    it('confirm each paid booking once and refund each stale payment once, with one e-mail each', async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const session = await withCsrf(a);
      const on = (app: FastifyInstance) => ({ app });

      const paid: Paid[] = [];
      for (const time of TIMES.slice(0, 6)) paid.push(await bookingWithIntent(a, session, time));
      for (const booking of paid) await paidWithoutReport(a.db, booking.intent.id);
      // Two more whose hold lapsed and whose places went: their payments must be refunded, once each.
      const stale: Paid[] = [];
      for (const time of TIMES.slice(6, 8)) stale.push(await bookingWithIntent(b, session, time, 2));
      for (const booking of stale) {
        await a.db
          .update(bookings)
          .set({ holdExpiresAt: holdExpiring.twoMinutesAgo })
          .where(eq(bookings.id, booking.id));
        await insertBooking(a.db, {
          status: 'confirmed',
          rounds: [{ courseId: burnside, slotId: booking.slotId, players: 3 }],
        });
        await paidWithoutReport(a.db, booking.intent.id);
      }

      const everyone = [...paid, ...stale];
      const answers = await Promise.all([
        ...everyone.flatMap((booking) => [
          recordPayment(on(a), session, booking.id, booking.intent.id),
          recordPayment(on(b), session, booking.id, booking.intent.id),
          deliverSucceededWebhook(on(b), booking.intent.id),
          deliverSucceededWebhook(on(a), booking.intent.id),
        ]),
        a.jobs.runOnce('payment-reconciliation').then(() => undefined),
        b.jobs.runOnce('payment-reconciliation').then(() => undefined),
      ]);
      for (const answer of answers) {
        if (answer && answer.statusCode >= 500) throw new Error(`${answer.statusCode}: ${answer.body}`);
      }

      const rows = await a.db
        .select()
        .from(bookings)
        .where(
          inArray(
            bookings.id,
            everyone.map((booking) => booking.id),
          ),
        );
      const refunds = await a.db
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentIntentId,
            everyone.map((booking) => booking.intent.id),
          ),
        );
      const mails = await a.db.select().from(mailOutbox);
      const about = (booking: Paid) => mails.filter((mail) => mail.subject.includes(booking.number));
      for (const booking of paid) {
        expect(rows.find((row) => row.id === booking.id)?.status).toBe('confirmed');
        expect(refunds.filter((refund) => refund.paymentIntentId === booking.intent.id)).toHaveLength(0);
        expect(about(booking)).toHaveLength(1);
      }
      for (const booking of stale) {
        expect(rows.find((row) => row.id === booking.id)?.status).toBe('cancelled');
        expect(refunds.filter((refund) => refund.paymentIntentId === booking.intent.id)).toHaveLength(1);
        expect(about(booking).map((mail) => mail.subject)).toEqual([
          `Your payment for booking ${booking.number} has been refunded`,
        ]);
      }
    }, 120_000);
  });
}
