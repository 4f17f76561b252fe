import { COURSE_IDS } from '@links/shared/constants';
import { INDIVIDUAL_CONTACT_MESSAGES } from '@links/shared/schemas/contact-details';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { paymentIntents, paymentRefunds } from '../../db/schema/payments.ts';
import { NOW } from '../../test/booking-week.ts';
import { paymentIntentsOf } from '../../test/stored-rows.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import { bookingAppWithVisitor, holdThursday, type Session } from '../bookings/booking-test-helpers.ts';
import { verifyBookingPin } from '../confirmation/booking-pin.ts';
import { verifyConfirmationSignature } from '../confirmation/confirmation-link.ts';
import { CONTACT_DETAILS } from '../confirmation/confirmation-test-helpers.ts';
import { payWithCard } from '../contact-details/operator-test-helpers.ts';
import { deliverEvent, signedEvent } from '../payment-provider/test/webhook-payload.ts';
import { holdExpiring, insertBooking } from '../tee-sheet/tee-sheet-test-data.ts';
import { CONFIRMATION_MESSAGES } from './confirm-booking.ts';

const { burnside } = COURSE_IDS;
const M = INDIVIDUAL_CONTACT_MESSAGES;
const WEBHOOK_SECRET = 'whsec_test_confirmations_0123456789abcdef';

let t: TestApp;
let session: Session;

beforeAll(async () => {
  ({ t, visitor: session } = await bookingAppWithVisitor(NOW, { stripeWebhookSecret: WEBHOOK_SECRET }));
});
afterAll(async () => t?.close());

const validDetails = {
  ...CONTACT_DETAILS,
  lead_player_name: 'ignored for a lead player',
  lead_player_country_code: 'FR',
};

const heldBooking = (time: string, golfers = 1, owner: Session = session) =>
  holdThursday(t, owner, time, golfers);

function saveDetails(id: number, body: unknown, owner: Session = session) {
  return t.app.inject({
    method: 'PATCH',
    url: `/v1/bookings/${id}/details`,
    headers: owner.headers,
    payload: body as object,
  });
}

function recordPayment(
  id: number,
  intentId: string,
  extra: Record<string, unknown> = {},
  owner: Session = session,
) {
  return t.app.inject({
    method: 'PATCH',
    url: `/v1/bookings/${id}/payment`,
    headers: owner.headers,
    payload: { booking_id: id, payment_intent: intentId, newsletter: false, ...extra },
  });
}

async function detailsAndIntent(id: number) {
  const response = await saveDetails(id, validDetails);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.payment_intent as { id: string; client_secret: string; amount: number };
}

async function bookingRow(id: number) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function mailsTo(bookingNumber: string) {
  const rows = await t.database.db.select().from(mailOutbox);
  return rows.filter((row) => row.subject.includes(bookingNumber));
}

describe('PATCH /v1/bookings/:id/details', () => {
  it('answers the section 5 messages for a missing or wrong field', async () => {
    const { booking_id } = await heldBooking('10:00');
    const empty = await saveDetails(booking_id, {});
    expect(empty.statusCode).toBe(400);
    const fields = empty.json().error.fields as Record<string, string>;
    expect(fields.player_type).toBe(M.playerType);
    expect(fields.first_name).toBe(M.firstName);
    expect(fields.surname).toBe(M.surname);
    expect(fields.email_address).toBe(M.email);
    expect(fields.address_line_1).toBe(M.addressLine1);
    expect(fields.city).toBe(M.city);
    expect(fields.county).toBe(M.county);
    expect(fields.postcode).toBe(M.postcode);
    expect(fields.country).toBe(M.country);

    const forOther = await saveDetails(booking_id, {
      ...validDetails,
      player_type: 'booking_player',
      lead_player_name: ' ',
      lead_player_country_code: '',
    });
    expect(forOther.json().error.fields).toEqual({
      lead_player_name: M.leadPlayerName,
      lead_player_country_code: M.leadCountry,
    });

    const phone = async (telephone_country_code: string, telephone_number: string) =>
      (await saveDetails(booking_id, { ...validDetails, telephone_country_code, telephone_number })).json()
        .error?.fields?.telephone_number;
    expect(await phone('GB', '')).toBe(M.telephone);
    expect(await phone('', '07400 123456')).toBe(M.telephoneRequired);
    expect(await phone('GB', '0770')).toBe(M.telephoneInvalid);
    expect(await phone('GB', 'call me')).toBe(M.telephoneUnparsable);
    // A valid French number is not a valid number for the United Kingdom.
    expect(await phone('GB', '+33 6 12 34 56 78')).toBe(M.telephoneInvalid);
    // Nothing refused was stored; the one valid save was.
    expect((await bookingRow(booking_id)).playerDetails).toBeNull();
    expect(await phone('FR', '06 12 34 56 78')).toBeUndefined();
    expect((await bookingRow(booking_id)).playerDetails).toMatchObject({ telephone_country_code: 'FR' });
  });

  it('stores the details, sets the lead player from the golfer and opens an intent for the payable amount', async () => {
    const { booking_id, booking_number } = await heldBooking('10:10', 2);
    const response = await saveDetails(booking_id, validDetails);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.confirmation_url).toBeNull();
    expect(data.payment_intent).toMatchObject({
      amount: 11_000,
      status: 'requires_payment_method',
      metadata: { booking_id: String(booking_id), booking_number },
    });
    expect(data.payment_intent.client_secret).toMatch(/_secret_/);
    const row = await bookingRow(booking_id);
    expect(row.paymentIntentId).toBe(data.payment_intent.id);
    expect(row.playerDetails).toMatchObject({
      lead_player_name: 'Lovelace',
      lead_player_country_code: 'GB',
      email_address: 'ada@example.com',
    });

    // Continue again: the same intent, never a second one.
    const again = await saveDetails(booking_id, { ...validDetails, city: 'Dundee' });
    expect(again.json().data.payment_intent.id).toBe(data.payment_intent.id);
    expect(await paymentIntentsOf(t.database.db, booking_id)).toHaveLength(1);
  });

  it('answers 404 to another session and 410 once the hold has ended', async () => {
    const { booking_id } = await heldBooking('10:20');
    const stranger = await withCsrf(t.app);
    expect((await saveDetails(booking_id, validDetails, stranger)).statusCode).toBe(404);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.id, booking_id));
    const lapsed = await saveDetails(booking_id, validDetails);
    expect(lapsed.statusCode).toBe(410);
    expect(lapsed.json().error.code).toBe('booking_expired');
  });
});

describe('PATCH /v1/bookings/:id/payment', () => {
  it('confirms a paid booking once, with one e-mail holding the PIN and a signed link', async () => {
    const { booking_id, booking_number } = await heldBooking('11:00');
    const intent = await detailsAndIntent(booking_id);
    expect((await payWithCard(t, session, intent)).statusCode).toBe(200);

    const [first, second] = await Promise.all([
      recordPayment(booking_id, intent.id, { newsletter: true }),
      recordPayment(booking_id, intent.id),
    ]);
    for (const response of [first, second]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.confirmation_url).toMatch(
        new RegExp(`^/confirmation/${booking_number}\\?signature=[0-9a-f]{64}&expires=\\d+$`),
      );
    }
    const row = await bookingRow(booking_id);
    expect(row).toMatchObject({ status: 'confirmed', paidPence: 5500, paymentIntentId: intent.id });
    expect(row.confirmedAt).toBeInstanceOf(Date);

    const mails = await mailsTo(booking_number);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain('Burnside Course');
    expect(mail.text).toContain('Thursday 26th March 2026 at 11:00am');
    expect(mail.text).toContain('£55.00');
    const pin = /Your booking PIN is (\d{6})\./.exec(mail.text)?.[1];
    expect(pin).toBeDefined();
    expect(mail.html).toContain(pin);
    expect(row.pinHash).not.toContain(pin);
    expect(verifyBookingPin(t.app.config.linkSigningSecret, booking_id, pin!, row.pinHash)).toBe(true);

    const href = /(https?:\/\/\S+\/confirmation\/\d+\?signature=[0-9a-f]{64}&expires=\d+)/.exec(
      mail.text,
    )?.[1];
    expect(href).toBeDefined();
    const url = new URL(href!);
    expect(url.origin).toBe(new URL(t.app.config.publicUrl).origin);
    expect(url.pathname).toBe(`/confirmation/${booking_number}`);
    expect(
      verifyConfirmationSignature({
        secret: t.app.config.linkSigningSecret,
        bookingNumber: booking_number,
        signature: url.searchParams.get('signature'),
        expires: url.searchParams.get('expires'),
        now: t.clock.now(),
      }),
    ).toEqual({ valid: true });
  });

  it('is confirmed by the provider event alone (webhook or sandbox), before any record call', async () => {
    const { booking_id, booking_number } = await heldBooking('11:10');
    const intent = await detailsAndIntent(booking_id);
    await payWithCard(t, session, intent);
    expect((await bookingRow(booking_id)).status).toBe('confirmed');
    expect(await mailsTo(booking_number)).toHaveLength(1);
    expect((await recordPayment(booking_id, intent.id)).statusCode).toBe(200);
    expect(await mailsTo(booking_number)).toHaveLength(1);
  });

  it('is confirmed by a signed webhook once, however often it is delivered', async () => {
    const { booking_id, booking_number } = await heldBooking('12:10');
    const intent = await detailsAndIntent(booking_id);
    // The payment succeeded at the provider but nothing has told the booking engine yet (a lost browser).
    await t.database.db
      .update(paymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(paymentIntents.id, intent.id));
    expect((await bookingRow(booking_id)).status).toBe('held');
    const event = signedEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', {
      id: intent.id,
      status: 'succeeded',
    });
    const deliver = () => deliverEvent(t.app, event);
    expect((await deliver()).statusCode).toBe(200);
    expect((await bookingRow(booking_id)).status).toBe('confirmed');
    const replay = await deliver();
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.outcome).toBe('duplicate');
    expect((await recordPayment(booking_id, intent.id)).statusCode).toBe(200);
    expect(await mailsTo(booking_number)).toHaveLength(1);
  });

  it('refuses a payment that has not been made (a forged success), and a declined one', async () => {
    const { booking_id, booking_number } = await heldBooking('11:20');
    const intent = await detailsAndIntent(booking_id);
    const forged = await recordPayment(booking_id, intent.id, { redirect_status: 'succeeded' });
    expect(forged.statusCode).toBe(402);
    expect(forged.json().error).toMatchObject({
      code: 'payment_not_succeeded',
      message: CONFIRMATION_MESSAGES.notPaid,
    });
    expect((await payWithCard(t, session, intent, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await recordPayment(booking_id, intent.id)).statusCode).toBe(402);
    expect((await bookingRow(booking_id)).status).toBe('held');
    expect(await mailsTo(booking_number)).toHaveLength(0);
    expect((await recordPayment(booking_id, 'pi_sbx_doesnotexist')).statusCode).toBe(404);
  });

  it('refuses an intent for another amount', async () => {
    const { booking_id, booking_number } = await heldBooking('11:30');
    await detailsAndIntent(booking_id);
    const cheaper = await t.app.payments.createIntent({
      amount: 100,
      currency: 'gbp',
      bookingId: booking_id,
      idempotencyKey: `cheaper-${booking_id}`,
    });
    await payWithCard(t, session, cheaper);
    const response = await recordPayment(booking_id, cheaper.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('payment_amount_mismatch');
    expect((await bookingRow(booking_id)).status).toBe('held');
    // No confirmation; the payment is refunded (issue 20 §2), and the golfer told so.
    expect((await mailsTo(booking_number)).map((mail) => mail.subject)).toEqual([
      `Your payment for booking ${booking_number} has been refunded`,
    ]);
  });

  it("refuses another booking's paid intent", async () => {
    const paid = await heldBooking('11:40');
    const paidIntent = await detailsAndIntent(paid.booking_id);
    await payWithCard(t, session, paidIntent);
    const other = await heldBooking('11:50');
    await detailsAndIntent(other.booking_id);
    const response = await recordPayment(other.booking_id, paidIntent.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'payment_mismatch',
      message: CONFIRMATION_MESSAGES.wrongBooking,
    });
    expect((await bookingRow(other.booking_id)).status).toBe('held');
    const mismatched = await recordPayment(other.booking_id, paidIntent.id, { booking_id: paid.booking_id });
    expect(mismatched.statusCode).toBe(400);
  });

  it('gives another browser the plain confirmation page, not the signed link', async () => {
    const { booking_id, booking_number } = await heldBooking('12:00');
    const intent = await detailsAndIntent(booking_id);
    await payWithCard(t, session, intent);
    const stranger = await withCsrf(t.app);
    const response = await recordPayment(booking_id, intent.id, {}, stranger);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.confirmation_url).toBe(`/confirmation/${booking_number}`);
  });
});

describe('a payment after the hold lapsed', () => {
  it('re-takes the places when they are still free', async () => {
    const { booking_id, booking_number } = await heldBooking('14:00', 2);
    const intent = await detailsAndIntent(booking_id);
    await t.database.db
      .update(bookings)
      .set({ status: 'expired', holdExpiresAt: holdExpiring.twoMinutesAgo })
      .where(eq(bookings.id, booking_id));
    await payWithCard(t, session, intent);
    const response = await recordPayment(booking_id, intent.id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await bookingRow(booking_id)).status).toBe('confirmed');
    expect(await mailsTo(booking_number)).toHaveLength(1);
  });

  it('refunds once and says so when the places have been taken', async () => {
    const { booking_id, booking_number, slotId } = await heldBooking('14:10', 2);
    const intent = await detailsAndIntent(booking_id);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: holdExpiring.twoMinutesAgo })
      .where(eq(bookings.id, booking_id));
    await insertBooking(t.database.db, {
      status: 'confirmed',
      rounds: [{ courseId: burnside, slotId, players: 3 }],
    });
    await payWithCard(t, session, intent);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await recordPayment(booking_id, intent.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'places_taken_refunded',
        message: CONFIRMATION_MESSAGES.placesTakenRefunded(11_000),
      });
    }
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, intent.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 11_000, status: 'succeeded' });
    expect((await bookingRow(booking_id)).status).toBe('cancelled');
    // No confirmation; one e-mail saying the payment was refunded (issue 20 §2).
    expect((await mailsTo(booking_number)).map((mail) => mail.subject)).toEqual([
      `Your payment for booking ${booking_number} has been refunded`,
    ]);
  });
});
