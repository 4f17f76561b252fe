import { randomBytes } from 'node:crypto';
import { COURSE_IDS, DEFAULT_PLAYER_TYPE_ID } from '@links/shared/constants';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, mailOutbox, paymentIntents, paymentRefunds } from '../../db/schema/index.ts';
import { bookingBody } from '../../modules/bookings/booking-test-helpers.ts';
import { CONTACT_DETAILS } from '../../modules/confirmation/confirmation-test-helpers.ts';
import { paidWithoutReport } from '../../modules/contact-details/operator-test-helpers.ts';
import { signedEvent } from '../../modules/payment-provider/test/webhook-payload.ts';
import { testDbKind } from '../test-database.ts';
import { type ApiProcess, logLines } from './api-process.ts';
import type { Browser } from './browser.ts';
import { expectStatus } from './sandbox-payment.ts';
import { serverPairForSuite, slotsToHandOut } from './server-pair.ts';
import { bookingStatusChanges, recordBookingStatusChanges } from './status-changes.ts';
import { poll } from './two-processes.ts';

// Issue 20 §2 over real HTTP: two API server processes on one PostgreSQL database, each running the reconciliation
// job every 150 ms. Paid bookings whose confirmation was lost are raced by the browser's record call on both
// processes, the webhook delivered to both and both jobs; stale payments (the booking re-priced after step 2) the
// same. Each paid booking is confirmed once (a trigger records every status change) with one e-mail, each stale
// payment refunded once with one e-mail, and bookings nobody records are confirmed by the jobs alone.
// PostgreSQL only: vitest.config.ts leaves this folder out of the PGlite run.

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const RECONCILIATION_INTERVAL_MS = 150;
const { burnside } = COURSE_IDS;
const ADULT = DEFAULT_PLAYER_TYPE_ID;

/** A booking made by its own browser (a session of its own, as each golfer has). */
type Booking = { id: number; number: string; slotId: number; intentId: string; golfer: Browser };

if (testDbKind() === 'postgres') {
  describe('payment reconciliation on two API processes (PostgreSQL)', () => {
    const { pair, withServers } = serverPairForSuite({
      name: 'reconcile_mp',
      env: {
        // The sandbox provider verifies its signed test events with the webhook secret.
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        JOB_PAYMENT_RECONCILIATION_INTERVAL_MS: String(RECONCILIATION_INTERVAL_MS),
        // Every booking comes from 127.0.0.1: the hold caps and the browser check have their own tests.
        MAX_LIVE_HOLDS_PER_ADDRESS: '100',
        MAX_LIVE_HOLDS_PER_NETWORK: '1000',
        HOLD_CHALLENGE: 'off',
        BOOKING_RATE_LIMIT_MAX: '1000',
      },
    });
    let freeSlots: number[] = [];

    const db = () => pair().db;

    beforeAll(async () => {
      await recordBookingStatusChanges(db());
      freeSlots = (await slotsToHandOut(db(), burnside, 20)).map((slot) => slot.id);
    });

    /** A held booking (step 1 on one process, step 2 on the other): its payment intent is open. */
    async function bookingWithIntent(golfers: number): Promise<Booking> {
      const { a: A, b: B } = pair();
      const browser = pair().browser();
      await browser.csrf(A);
      const slotId = freeSlots.shift();
      if (slotId === undefined) throw new Error('ran out of tee slots');
      const body = bookingBody(
        [{ id: burnside, slotId }],
        Array.from({ length: golfers }, () => ADULT),
      );
      const held = await browser.call(A, 'POST', '/v1/bookings', body);
      expectStatus(held, 200, 'POST /v1/bookings on A');
      const { booking_id, booking_number } = (
        held.json as { data: { booking_id: number; booking_number: string } }
      ).data;
      const saved = await browser.call(B, 'PATCH', `/v1/bookings/${booking_id}/details`, CONTACT_DETAILS);
      expectStatus(saved, 200, 'contact details on B');
      const intentId = (saved.json as { data: { payment_intent: { id: string } } }).data.payment_intent.id;
      return { id: booking_id, number: booking_number, slotId, intentId, golfer: browser };
    }

    /** When the reconciliation jobs may next claim these bookings' intents. */
    async function setReconcileAt(which: Booking[], at: SQL) {
      await db()
        .update(paymentIntents)
        .set({ reconcileAt: at })
        .where(
          inArray(
            paymentIntents.id,
            which.map((booking) => booking.intentId),
          ),
        );
    }

    /** The refunds recorded against these bookings' payments. */
    function refundsOf(which: Booking[]) {
      return db()
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentIntentId,
            which.map((booking) => booking.intentId),
          ),
        );
    }

    function webhook(server: ApiProcess, intentId: string) {
      const event = signedEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', {
        id: intentId,
        status: 'succeeded',
      });
      return fetch(`${server.url}/v1/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      }).then(async (response) => ({ status: response.status, text: await response.text() }));
    }

    it(
      'confirms once and refunds once, with one e-mail each, though browser, webhooks and both jobs race',
      withServers(async (A, B) => {
        const raced: Booking[] = [];
        const lost: Booking[] = [];
        const stale: Booking[] = [];
        for (let index = 0; index < 4; index += 1) raced.push(await bookingWithIntent(1));
        for (let index = 0; index < 2; index += 1) lost.push(await bookingWithIntent(1));
        for (let index = 0; index < 2; index += 1) stale.push(await bookingWithIntent(1));
        // Stale: paid at the provider, then step 1 again with a second golfer before anything recorded it. The jobs
        // are kept off these intents until the re-price is done (and for one pass more, so that none is in flight):
        // a job that got there first would rightly confirm the booking, and the re-price would then be refused.
        await setReconcileAt(stale, sql`now() + interval '1 hour'`);
        await new Promise((resolve) => setTimeout(resolve, RECONCILIATION_INTERVAL_MS * 3));
        for (const booking of stale) {
          await paidWithoutReport(db(), booking.intentId);
          const body = bookingBody([{ id: burnside, slotId: booking.slotId }], [ADULT, ADULT]);
          expectStatus(
            await booking.golfer.call(B, 'PATCH', `/v1/bookings/${booking.id}`, body),
            200,
            're-price on B',
          );
        }
        await setReconcileAt(stale, sql`now()`);
        // Paid, and every report lost; both processes' jobs are running all along.
        for (const booking of [...raced, ...lost]) await paidWithoutReport(db(), booking.intentId);

        const answers = await Promise.all(
          [...raced, ...stale].flatMap((booking) => {
            const record = { booking_id: booking.id, payment_intent: booking.intentId, newsletter: false };
            return [
              booking.golfer.call(A, 'PATCH', `/v1/bookings/${booking.id}/payment`, record),
              booking.golfer.call(B, 'PATCH', `/v1/bookings/${booking.id}/payment`, record),
              webhook(A, booking.intentId),
              webhook(B, booking.intentId),
            ];
          }),
        );
        for (const answer of answers) expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);

        const everyone = [...raced, ...lost, ...stale];
        // The two nobody records are confirmed by the jobs alone, within a few of their intervals.
        await poll('the jobs confirming the unrecorded payments', 15_000, async () => {
          const rows = await db()
            .select({ status: bookings.status })
            .from(bookings)
            .where(
              inArray(
                bookings.id,
                lost.map((booking) => booking.id),
              ),
            );
          return rows.every((row) => row.status === 'confirmed') ? true : undefined;
        });
        // Wait for every refund to be recorded (the jobs may be the ones finishing them).
        await poll('the stale payments refunded', 15_000, async () =>
          (await refundsOf(stale)).length >= stale.length ? true : undefined,
        );
        // A few more passes of both jobs, to give any double work the chance to show.
        await new Promise((resolve) => setTimeout(resolve, RECONCILIATION_INTERVAL_MS * 4));

        const updates = await bookingStatusChanges(db());
        const refunds = await refundsOf(everyone);
        const mails = await db().select({ subject: mailOutbox.subject }).from(mailOutbox);
        const about = (booking: Booking) => mails.filter((mail) => mail.subject.includes(booking.number));
        const confirmedBy: Record<string, number> = {};
        for (const booking of [...raced, ...lost]) {
          const confirmations = updates.filter(
            (row) => row.booking_id === booking.id && row.new_status === 'confirmed',
          );
          expect(confirmations, `booking ${booking.number} confirmed once`).toHaveLength(1);
          const by = confirmations[0]?.by_application ?? '';
          confirmedBy[by] = (confirmedBy[by] ?? 0) + 1;
          expect(refunds.filter((refund) => refund.paymentIntentId === booking.intentId)).toHaveLength(0);
          expect(about(booking), `e-mails about ${booking.number}`).toHaveLength(1);
        }
        for (const booking of stale) {
          expect(updates.filter((row) => row.booking_id === booking.id)).toHaveLength(0);
          expect(refunds.filter((refund) => refund.paymentIntentId === booking.intentId)).toHaveLength(1);
          expect(about(booking).map((mail) => mail.subject)).toEqual([
            `Your payment for booking ${booking.number} has been refunded`,
          ]);
        }
        const jobLines = [A, B].flatMap((server) =>
          logLines(server).filter((line) => line.msg === 'payment reconciliation pass'),
        );
        console.info(
          `payment reconciliation over two processes: ${raced.length + lost.length} paid bookings, each confirmed ` +
            `once (by ${JSON.stringify(confirmedBy)}); ${stale.length} stale payments, each refunded once; ` +
            `${jobLines.length} job passes that settled something`,
        );
      }),
      90_000,
    );
  });
}
