import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../db/schema/payments.ts';
import {
  bookingAppWithVisitor,
  bookingBody,
  holdThursday,
  patchBooking,
  type Session,
} from '../../modules/bookings/booking-test-helpers.ts';
import { CONTACT_DETAILS } from '../../modules/confirmation/confirmation-test-helpers.ts';
import {
  bookingRow,
  mailsAbout,
  openCardPayment,
  payWithCard,
  recordPayment,
  refundsOf,
} from '../../modules/contact-details/operator-test-helpers.ts';
import { StripeFake } from '../../modules/payment-provider/test/stripe-fake.ts';
import { NOW } from '../booking-week.ts';
import type { TestApp } from '../test-app.ts';
import { errorEnvelope } from './hostile-helpers.ts';
import { LossyProxy } from './lossy-proxy.ts';

// Payments under faults (issue 8, point 1): the provider's answer lost on create, and one payment submitted from two
// tabs at once. Either way the visitor is charged once, the booking is confirmed once and one e-mail goes out.
// Issue 20 §2: the provider's answer lost on a refund or on the record call's read: the reconciliation job still ends
// each payment as a confirmed booking or a refund, once.

const { burnside } = COURSE_IDS;

const contactDetails = {
  ...CONTACT_DETAILS,
  lead_player_name: 'ignored for a lead player',
  title: 'Mr',
  first_name: 'Tom',
  surname: 'Morris',
  email_address: 'tom@example.com',
};

/** A booking held on THURSDAY at `time` whose details were saved: the card payment step 2 opened for it. */
async function heldWithPayment(t: TestApp, session: Session, time: string) {
  const booking = await holdThursday(t, session, time);
  return { booking, intent: await openCardPayment(t, session, booking.booking_id, contactDetails) };
}

function saveDetails(t: TestApp, session: Session, id: number) {
  return t.app.inject({
    method: 'PATCH',
    url: `/v1/bookings/${id}/details`,
    headers: session.headers,
    payload: contactDetails,
  });
}

/**
 * Registers the set-up of a describe on Stripe (the fake) reached through a proxy that loses the answers `lose`
 * matches: the fake, the proxy, a seeded app and one browser session. Read it inside the tests.
 */
function stripeBehindLossyProxy(lose: (method: string, path: string) => boolean) {
  const context = {} as { fake: StripeFake; proxy: LossyProxy; t: TestApp; session: Session };
  beforeAll(async () => {
    context.fake = await new StripeFake().start();
    context.proxy = await new LossyProxy(context.fake.api, lose).start();
    ({ t: context.t, visitor: context.session } = await bookingAppWithVisitor(NOW, {
      stripe: {
        secretKey: context.fake.secretKey,
        publishableKey: 'pk_test_fake',
        webhookSecret: 'whsec_test_hostile_0123456789abcdef',
        api: context.proxy.api,
      },
    }));
  });
  afterAll(async () => {
    await context.t?.close();
    await context.proxy?.stop();
    await context.fake?.stop();
  });
  return context;
}

describe('the payment provider times out on create (Stripe, through a proxy that loses its answers)', () => {
  const context = stripeBehindLossyProxy(
    (method, path) => method === 'POST' && path === '/v1/payment_intents',
  );

  it('a retry after lost answers finds the intent Stripe already made: one intent, one charge', async () => {
    const { fake, proxy, t, session } = context;
    const booking = await holdThursday(t, session, '10:00');
    const createsFor = () =>
      [...fake.intents.values()].filter(
        (intent) => (intent.metadata as Record<string, string>).booking_id === String(booking.booking_id),
      );

    // Stripe makes the intent, but neither the answer nor stripe-node's two automatic retries reach the API.
    proxy.loseNext = 3;
    const failed = await saveDetails(t, session, booking.booking_id);
    expect(failed.statusCode, failed.body).toBe(502);
    expect(errorEnvelope(failed.body).message).toBe(
      'We could not reach our payment provider. Please try again in a moment.',
    );
    expect(proxy.lost).toBe(3);
    expect(createsFor()).toHaveLength(1);

    // The visitor presses Continue again: the same idempotency key returns the intent made the first time.
    const retried = await saveDetails(t, session, booking.booking_id);
    expect(retried.statusCode, retried.body).toBe(200);
    const intent = retried.json().data.payment_intent as { id: string; amount: number };
    expect(createsFor().map((created) => created.id)).toEqual([intent.id]);
    expect(intent.amount).toBe(booking.totals.payable);

    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates).toHaveLength(4);
    expect(new Set(creates.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(creates[0]?.idempotencyKey).toBeTruthy();

    const mirrored = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.bookingId, booking.booking_id));
    expect(mirrored.map((row) => row.id)).toEqual([intent.id]);
    const row = await bookingRow(t, booking.booking_id);
    expect(row.paymentIntentId).toBe(intent.id);

    // The customer pays; the booking is confirmed once, with one e-mail.
    fake.setStatus(intent.id, 'succeeded');
    const [first, second] = await Promise.all([
      recordPayment(t, session, booking.booking_id, intent.id),
      recordPayment(t, session, booking.booking_id, intent.id),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const confirmed = await bookingRow(t, booking.booking_id);
    expect(confirmed).toMatchObject({ status: 'confirmed', paidPence: booking.totals.payable });
    expect(await mailsAbout(t, booking.booking_number)).toHaveLength(1);
  }, 60_000);
});

describe('one payment submitted from two tabs at once (sandbox provider)', () => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    ({ t, visitor: session } = await bookingAppWithVisitor(NOW));
  });
  afterAll(async () => t?.close());

  it('charges once, confirms once and sends one e-mail', async () => {
    const { booking, intent } = await heldWithPayment(t, session, '11:00');

    // Both tabs press Pay with the same card at the same moment...
    const pay = () => payWithCard(t, session, intent);
    const charges = await Promise.all([pay(), pay()]);
    expect(charges.map((response) => response.statusCode).sort()).toEqual([200, 409]);

    // ...and both then record the payment with the server.
    const records = await Promise.all([
      recordPayment(t, session, booking.booking_id, intent.id),
      recordPayment(t, session, booking.booking_id, intent.id),
    ]);
    for (const response of records) expect(response.statusCode, response.body).toBe(200);

    const row = await bookingRow(t, booking.booking_id);
    expect(row).toMatchObject({
      status: 'confirmed',
      paidPence: booking.totals.payable,
      paymentIntentId: intent.id,
    });
    const intents = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.bookingId, booking.booking_id));
    expect(intents).toHaveLength(1);
    expect(intents[0]?.status).toBe('succeeded');
    expect(await mailsAbout(t, booking.booking_number)).toHaveLength(1);
  });
});

describe('the provider answering late on the money paths (Stripe, through a proxy that loses its answers)', () => {
  /** Which answers the proxy loses: a method and a path prefix. */
  let losing = { method: '', path: '' };
  const context = stripeBehindLossyProxy(
    (method, path) => method === losing.method && path.startsWith(losing.path),
  );

  it('a stale payment whose refund answer is lost is refunded once, and the golfer told once, by the job', async () => {
    const { fake, proxy, t, session } = context;
    const { booking, intent: stale } = await heldWithPayment(t, session, '12:00');
    // Paid at Stripe, then the golfer goes back to step 1 and adds a golfer before anything recorded the payment.
    fake.setStatus(stale.id, 'succeeded');
    const repriced = await patchBooking(
      t.app,
      session,
      booking.booking_id,
      bookingBody([{ id: burnside, slotId: booking.slotId }], [1, 1]),
    );
    expect(repriced.statusCode, repriced.body).toBe(200);

    // Stripe makes the refund, but neither its answer nor stripe-node's two retries reach the API.
    losing = { method: 'POST', path: '/v1/refunds' };
    proxy.loseNext = 3;
    const recorded = await recordPayment(t, session, booking.booking_id, stale.id);
    expect(recorded.statusCode, recorded.body).toBe(502);
    expect(proxy.lost).toBe(3);
    const stripeRefunds = () =>
      [...fake.refunds.values()].filter((refund) => refund.payment_intent === stale.id);
    expect(stripeRefunds()).toHaveLength(1);
    expect(await mailsAbout(t, booking.booking_number)).toHaveLength(0);

    // The job asks again with the same idempotency key: Stripe answers the refund it made, nothing more.
    expect(await t.app.jobs.runOnce('payment-reconciliation')).toMatchObject({ refunded: 1, failed: 0 });
    await t.app.jobs.runOnce('payment-reconciliation');
    expect(stripeRefunds()).toHaveLength(1);
    const refundCalls = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(new Set(refundCalls.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${stale.id}`]));
    expect(await refundsOf(t.database.db, stale.id)).toHaveLength(1);
    const mails = await mailsAbout(t, booking.booking_number);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your payment for booking ${booking.booking_number} has been refunded`,
    ]);
    const row = await bookingRow(t, booking.booking_id);
    expect(row.status).toBe('held');
  }, 60_000);

  it('a payment whose record call could not reach Stripe is confirmed by the job, with one e-mail', async () => {
    const { fake, proxy, t, session } = context;
    const { booking, intent } = await heldWithPayment(t, session, '12:10');
    fake.setStatus(intent.id, 'succeeded');

    losing = { method: 'GET', path: `/v1/payment_intents/${intent.id}` };
    proxy.loseNext = 3;
    const recorded = await recordPayment(t, session, booking.booking_id, intent.id);
    expect(recorded.statusCode, recorded.body).toBe(502);
    const held = await bookingRow(t, booking.booking_id);
    expect(held.status).toBe('held');

    // The tab is closed and no webhook comes: the job's next pass asks Stripe and confirms.
    expect(await t.app.jobs.runOnce('payment-reconciliation')).toMatchObject({ confirmed: 1, failed: 0 });
    const row = await bookingRow(t, booking.booking_id);
    expect(row).toMatchObject({
      status: 'confirmed',
      paidPence: booking.totals.payable,
      paymentIntentId: intent.id,
    });
    expect(await mailsAbout(t, booking.booking_number)).toHaveLength(1);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intent.id)).toHaveLength(
      0,
    );
  }, 60_000);
});
