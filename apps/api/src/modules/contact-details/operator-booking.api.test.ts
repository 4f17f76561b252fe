import { COURSE_IDS } from '@links/shared/constants';
import { fullPaymentDeadline } from '@links/shared/payment-terms';
import {
  OPERATOR_CONTACT_MESSAGES as M,
  OPERATOR_PAYMENT_MESSAGES,
} from '@links/shared/schemas/operator-contact-details';
import { addDays } from '@links/shared/uk-time';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.ts';
import { operatorSessions, operators } from '../../db/schema/operators.ts';
import { NOW, TODAY } from '../../test/booking-week.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import { login } from '../auth/test/auth-test-helpers.ts';
import { bookingBody, patchBooking, postBooking, type Session } from '../bookings/booking-test-helpers.ts';
import { verifyBookingPin } from '../confirmation/booking-pin.ts';
import {
  LINK_VALID_AFTER_LAST_ROUND_SECONDS,
  verifyConfirmationSignature,
} from '../confirmation/confirmation-link.ts';
import { CONTACT_DETAILS } from '../confirmation/confirmation-test-helpers.ts';
import {
  bookingRow,
  courseSlot,
  FAIRWAY,
  holdBurnside,
  mailsAbout,
  openCardPayment,
  operatorBookingApp,
  operatorDetails,
  paidWithoutReport,
  payWithCard,
  recordPayment,
  refundsOf,
  saveDetails,
} from './operator-test-helpers.ts';
import { OPERATOR_BOOKING_MESSAGES } from './save-operator-details.ts';

let t: TestApp;
let fairway: Session;
let linksTravel: Session;
let visitor: Session;

beforeAll(async () => {
  ({ t, fairway, linksTravel } = await operatorBookingApp(NOW));
  visitor = await withCsrf(t.app);
});
afterAll(async () => t?.close());

async function operatorId(username: string) {
  const [row] = await t.database.db.select().from(operators).where(eq(operators.username, username));
  return row!.id;
}

/** Step 2 refused the payment method chosen (422): `message` on the form and on its payment method field. */
function expectMethodUnavailable(answer: LightMyRequestResponse, message: string, label?: string) {
  expect(answer.statusCode, label).toBe(422);
  expect(answer.json().error).toEqual({
    code: 'payment_method_unavailable',
    message,
    fields: { payment_method: message },
  });
}

describe('tour-operator step 2', () => {
  it('records the signed-in operator on the booking; a visitor booking has none', async () => {
    const mine = await holdBurnside(t, fairway, TODAY, 60);
    const theirs = await holdBurnside(t, visitor, TODAY, 60);
    expect((await bookingRow(t, mine.id)).operatorId).toBe(await operatorId(FAIRWAY.username));
    expect((await bookingRow(t, theirs.id)).operatorId).toBeNull();
  });

  it('answers every tour-operator contact form message (section 5) for an empty or wrong body', async () => {
    const { id } = await holdBurnside(t, fairway, TODAY, 60);
    const empty = await saveDetails(t, fairway, id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('validation_failed');
    expect(empty.json().error.fields).toEqual({
      first_name: 'Please enter lead players first name',
      surname: 'Please enter lead players last name',
      lead_player_country_code: 'Please select a country',
      payment_method: 'Please select a payment method',
      terms_and_conditions_agreed: 'Please confirm you agree to the terms and conditions',
    });
    const wrong = await saveDetails(t, fairway, id, {
      ...operatorDetails('cheque'),
      first_name: ' ',
      lead_player_country_code: 'Scotland',
      terms_and_conditions_agreed: false,
    });
    expect(wrong.json().error.fields).toEqual({
      first_name: M.firstName,
      lead_player_country_code: M.leadCountry,
      payment_method: M.paymentMethod,
      terms_and_conditions_agreed: M.terms,
    });
    // Nothing was stored.
    expect((await bookingRow(t, id)).playerDetails).toBeNull();
  });

  it.each([29, 30])(
    'refuses deposit and pay later with a round %i days out (30 counts as within) but takes online',
    async (days) => {
      const booking = await holdBurnside(t, fairway, TODAY, days);
      for (const method of ['deposit', 'offline']) {
        const refused = await saveDetails(t, fairway, booking.id, operatorDetails(method));
        expectMethodUnavailable(refused, OPERATOR_PAYMENT_MESSAGES.within30Days, method);
      }
      const online = await saveDetails(t, fairway, booking.id, operatorDetails('online'));
      expect(online.statusCode, online.body).toBe(200);
      expect(online.json().data.confirmation_url).toBeNull();
      expect(online.json().data.payment_intent.amount).toBe(booking.payable);
      const row = await bookingRow(t, booking.id);
      expect(row).toMatchObject({ status: 'held', paymentMethod: 'online', balanceDueAt: null });
    },
  );

  it('takes deposit and pay later with every round 31 days out', async () => {
    const deposit = await holdBurnside(t, fairway, TODAY, 31);
    const depositAnswer = await saveDetails(t, fairway, deposit.id, operatorDetails('deposit'));
    expect(depositAnswer.statusCode, depositAnswer.body).toBe(200);
    expect(depositAnswer.json().data.payment_intent.amount).toBe(Math.round(deposit.payable / 2));
    const offline = await holdBurnside(t, fairway, TODAY, 31);
    const offlineAnswer = await saveDetails(t, fairway, offline.id, operatorDetails('offline'));
    expect(offlineAnswer.statusCode, offlineAnswer.body).toBe(200);
    expect(offlineAnswer.json().data.payment_intent).toBeNull();
    // Its signed link lasts until a week after the round, not the usual 30 days: the booking is played later.
    const link = new URL(offlineAnswer.json().data.confirmation_url as string, 'https://golf.example');
    expect(Number(link.searchParams.get('expires'))).toBe(
      Math.floor(offline.slot.startsAt.getTime() / 1000) + LINK_VALID_AFTER_LAST_ROUND_SECONDS,
    );
  });

  it('refuses any round within 30 days even when another is further out', async () => {
    // Buddon Links 90 days out, Burnside 29 days out.
    const far = await courseSlot(t, COURSE_IDS.buddonLinks, addDays(TODAY, 90), 3);
    const near = await courseSlot(t, COURSE_IDS.burnside, addDays(TODAY, 29), 5);
    const created = await postBooking(
      t.app,
      fairway,
      bookingBody(
        [
          { id: COURSE_IDS.buddonLinks, slotId: far.id },
          { id: COURSE_IDS.burnside, slotId: near.id },
        ],
        [1, 1],
      ),
    );
    expect(created.statusCode, created.body).toBe(200);
    const refused = await saveDetails(t, fairway, created.json().data.booking_id, operatorDetails('offline'));
    expectMethodUnavailable(refused, OPERATOR_PAYMENT_MESSAGES.within30Days);
  });

  it('refuses a deposit when the operator deposit_amount is 0, and still takes pay later', async () => {
    const booking = await holdBurnside(t, linksTravel, TODAY, 90);
    const refused = await saveDetails(t, linksTravel, booking.id, operatorDetails('deposit'));
    expectMethodUnavailable(refused, OPERATOR_PAYMENT_MESSAGES.depositNotOffered);
    const offline = await saveDetails(t, linksTravel, booking.id, operatorDetails('offline'));
    expect(offline.statusCode, offline.body).toBe(200);
  });

  it('refuses an operator body from a visitor session (403 operator_only) and stores nothing', async () => {
    const booking = await holdBurnside(t, visitor, TODAY, 90);
    const refused = await saveDetails(t, visitor, booking.id, operatorDetails('offline'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'operator_only',
      message: OPERATOR_BOOKING_MESSAGES.operatorOnly,
    });
    const row = await bookingRow(t, booking.id);
    expect(row).toMatchObject({ status: 'held', playerDetails: null, paymentMethod: null });
  });

  it('refuses to finish an operator booking once the operator session has ended (401)', async () => {
    const signedIn = (await login(t.app, FAIRWAY.username, FAIRWAY.password)).after;
    const booking = await holdBurnside(t, signedIn, TODAY, 90);
    // The session lapses server-side (idle, expired or signed out elsewhere) while the browser keeps its cookie.
    await t.database.db
      .delete(operatorSessions)
      .where(eq(operatorSessions.operatorId, await operatorId(FAIRWAY.username)));
    const individual = await saveDetails(t, signedIn, booking.id, CONTACT_DETAILS);
    expect(individual.statusCode).toBe(401);
    expect(individual.json().error.code).toBe('unauthorized');
    expect((await saveDetails(t, signedIn, booking.id, operatorDetails('online'))).statusCode).toBe(403);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'held', playerDetails: null });
    // Everyone else signed in as this operator signs in again for the tests that follow.
    fairway = (await login(t.app, FAIRWAY.username, FAIRWAY.password)).after;
  });

  it("answers 404 to another operator's booking", async () => {
    const booking = await holdBurnside(t, fairway, TODAY, 90);
    const response = await saveDetails(t, linksTravel, booking.id, operatorDetails('online'));
    expect(response.statusCode).toBe(404);
  });
});

describe('deposit', () => {
  it('takes round(payable x percent / 100) pence: 50 % of 12 345p is 6 173p, and records the schedule', async () => {
    const booking = await holdBurnside(t, fairway, TODAY, 90);
    // An odd payable (the price tables only give whole pounds) to pin the rounding: half a penny goes up.
    await t.database.db.update(bookings).set({ payablePence: 12_345 }).where(eq(bookings.id, booking.id));
    const answer = await saveDetails(t, fairway, booking.id, operatorDetails('deposit'));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.payment_intent.amount).toBe(6173);
    const row = await bookingRow(t, booking.id);
    const balanceDue = fullPaymentDeadline(NOW, [booking.playDate]);
    expect(row).toMatchObject({
      paymentMethod: 'deposit',
      depositPence: 6173,
      playerDetails: {
        first_name: 'Ben',
        surname: 'Hogan',
        lead_player_country_code: 'US',
        payment_method: 'deposit',
        terms_and_conditions_agreed: true,
      },
    });
    // 90 days out: balance due at the end of the UK day 42 days before play; deposit within one calendar month.
    expect(row.balanceDueAt?.toISOString()).toBe(balanceDue.toISOString());
    expect(row.balanceDueAt?.toISOString()).toBe(`${addDays(booking.playDate, -42)}T22:59:59.999Z`);
    // One calendar month on from 09:05 UK on 20 March: 09:05 UK (BST) on 20 April.
    expect(row.depositDueAt?.toISOString()).toBe('2026-04-20T08:05:00.000Z');
    // The answer states the plan it recorded, for step 3 to show: the deposit now and the balance by its date.
    expect(answer.json().data.payment_plan).toEqual([
      { kind: 'deposit', amount: 6173, due_by: '2026-04-20T08:05:00.000Z', due_date: '2026-04-20' },
      {
        kind: 'balance',
        amount: 12_345 - 6173,
        due_by: balanceDue.toISOString(),
        due_date: addDays(booking.playDate, -42),
      },
    ]);
  });

  it('paid with the sandbox card 4242: confirmed once with paid = deposit and the rest due', async () => {
    const booking = await holdBurnside(t, fairway, TODAY, 90);
    const intent = await openCardPayment(t, fairway, booking.id, operatorDetails('deposit'));
    const deposit = Math.round(booking.payable / 2);
    expect(intent.amount).toBe(deposit);
    expect((await payWithCard(t, fairway, intent)).statusCode).toBe(200);
    // The provider's event (the path the webhook shares) already confirmed it with the deposit amount.
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paidPence: deposit });
    const recorded = await recordPayment(t, fairway, booking.id, intent.id);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data.confirmation_url).toMatch(
      new RegExp(`^/confirmation/${booking.number}\\?signature=`),
    );
    const row = await bookingRow(t, booking.id);
    expect(row).toMatchObject({ status: 'confirmed', paidPence: deposit, payablePence: booking.payable });
    expect(row.payablePence! - row.paidPence!).toBe(booking.payable - deposit);
    // A second record (or the webhook) changes nothing and mails nothing more.
    expect((await recordPayment(t, fairway, booking.id, intent.id)).statusCode).toBe(200);
    const mails = await mailsAbout(t, booking.number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(FAIRWAY.email);
    expect(mails[0]!.text).toContain('Lead player: Ben Hogan.');
    expect(mails[0]!.text).toContain('- Balance due: ');
  });

  it('does not confirm with a deposit opened before the booking was re-priced', async () => {
    const booking = await holdBurnside(t, fairway, TODAY, 90);
    const stale = await openCardPayment(t, fairway, booking.id, operatorDetails('deposit'));
    // Paid at the provider, but the booking engine not told before...
    await paidWithoutReport(t.database.db, stale.id);
    // ...step 1 again: a second golfer doubles the payable; the deposit saved with step 2 is now out of date.
    const repriced = await patchBooking(
      t.app,
      fairway,
      booking.id,
      bookingBody([{ id: COURSE_IDS.burnside, slotId: booking.slot.id }], [1, 1]),
    );
    expect(repriced.statusCode, repriced.body).toBe(200);
    const recorded = await recordPayment(t, fairway, booking.id, stale.id);
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json().error.code).toBe('payment_amount_mismatch');
    expect((await bookingRow(t, booking.id)).status).toBe('held');
    // Issue 20 §2: that payment is refunded in full, once.
    expect((await refundsOf(t.database.db, stale.id)).map((refund) => refund.amount)).toEqual([
      Math.round(booking.payable / 2),
    ]);
  });

  it('does not confirm a deposit booking with a payment of the full payable', async () => {
    const booking = await holdBurnside(t, fairway, TODAY, 90);
    const fullIntent = await openCardPayment(t, fairway, booking.id, operatorDetails('online'));
    // The operator switches to deposit: the full-price intent is closed and can no longer be paid.
    const deposit = await saveDetails(t, fairway, booking.id, operatorDetails('deposit'));
    expect(deposit.json().data.payment_intent.id).not.toBe(fullIntent.id);
    expect((await payWithCard(t, fairway, fullIntent)).statusCode).not.toBe(200);
    expect((await bookingRow(t, booking.id)).status).toBe('held');
  });
});

describe('pay later (offline)', () => {
  it('confirms at once with nothing paid, a PIN e-mail to the operator and a signed confirmation URL', async () => {
    const booking = await holdBurnside(t, fairway, TODAY, 90);
    const answer = await saveDetails(t, fairway, booking.id, operatorDetails('offline'));
    expect(answer.statusCode, answer.body).toBe(200);
    const { payment_intent, confirmation_url } = answer.json().data as {
      payment_intent: null;
      confirmation_url: string;
    };
    expect(payment_intent).toBeNull();
    const url = new URL(confirmation_url, 'https://example.test');
    expect(url.pathname).toBe(`/confirmation/${booking.number}`);
    expect(
      verifyConfirmationSignature({
        secret: t.config.linkSigningSecret,
        bookingNumber: booking.number,
        signature: url.searchParams.get('signature') ?? '',
        expires: url.searchParams.get('expires') ?? '',
        // Signed on the route clock (the test's), as every link is.
        now: NOW,
      }),
    ).toEqual({ valid: true });

    const row = await bookingRow(t, booking.id);
    expect(row).toMatchObject({
      status: 'confirmed',
      paidPence: 0,
      paymentMethod: 'offline',
      depositPence: null,
    });
    expect(row.payablePence).toBe(booking.payable);
    // Pay later: within 30 days of booking (09:05 UK, now BST, on 19 April), before the 42-days-before-play date.
    expect(row.balanceDueAt?.toISOString()).toBe('2026-04-19T08:05:00.000Z');
    expect(answer.json().data.payment_plan).toEqual([
      { kind: 'full', amount: booking.payable, due_by: '2026-04-19T08:05:00.000Z', due_date: '2026-04-19' },
    ]);
    const mails = await mailsAbout(t, booking.number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(FAIRWAY.email);
    const pin = mails[0]!.text.match(/Your booking PIN is (\d{6})/)?.[1];
    expect(pin).toBeDefined();
    expect(verifyBookingPin(t.config.linkSigningSecret, booking.id, pin!, row.pinHash)).toBe(true);
    expect(mails[0]!.text).toContain('- Paid: £0.00');
    expect(mails[0]!.text).toContain('by Sunday 19th April 2026');

    // Confirmed: step 2 cannot run again.
    const again = await saveDetails(t, fairway, booking.id, operatorDetails('offline'));
    expect(again.statusCode).toBe(409);
  });

  it('closes the card intent of an earlier online Continue before confirming', async () => {
    const booking = await holdBurnside(t, fairway, TODAY, 90);
    const intent = await openCardPayment(t, fairway, booking.id, operatorDetails('online'));
    const offline = await saveDetails(t, fairway, booking.id, operatorDetails('offline'));
    expect(offline.statusCode, offline.body).toBe(200);
    expect((await payWithCard(t, fairway, intent)).statusCode).not.toBe(200);
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'confirmed',
      paidPence: 0,
      paymentIntentId: null,
    });
  });
});
