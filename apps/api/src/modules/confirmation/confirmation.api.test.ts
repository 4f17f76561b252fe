import { COURSE_IDS } from '@links/shared/constants';
import {
  type Confirmation,
  confirmationSchema,
  CONFIRMATION_MESSAGES as M,
} from '@links/shared/schemas/confirmation';
import { readIcsEvents } from '@links/shared/test/read-ics';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import { bookingAccessGrants, bookingRounds, bookings, rateLimitCounters } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { apiHeaders, cookieHeader, type TestApp, withCsrf } from '../../test/test-app.ts';
import { testDbKind } from '../../test/test-database.ts';
import {
  createBookingApp,
  type Session,
  twoInstancesOnOneDatabase,
} from '../bookings/booking-test-helpers.ts';
import { slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import { bumpCalendarSequence } from './calendar-sequence.ts';
import { purgeAccessGrants } from './confirmation.repository.ts';
import { signConfirmationLink } from './confirmation-link.ts';
import { confirmedBooking, holdBooking, type MadeBooking, setPin } from './confirmation-test-helpers.ts';

// Friday 20 March 2026, 09:05 UK. Rounds on Thursday 26 March (Burnside) and Friday 27 March (Buddon Links).
const { burnside, buddonLinks } = COURSE_IDS;
const ADULT = 1;
const UNDER_16 = 3;
const PIN = '246810';

let t: TestApp;
let owner: Session;
let now = NOW;

beforeAll(async () => {
  t = await createBookingApp(NOW);
  t.clock.pin(() => now);
  owner = await withCsrf(t.app);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  now = NOW;
  // Every attempt in this file comes from 127.0.0.1: start each test with a fresh per-address PIN count.
  await t.database.db.delete(rateLimitCounters);
});

let twoRoundBooking: MadeBooking | undefined;
/** Burnside Thursday 10:00 and Buddon Links Friday 10:00, two golfers (adult and under 16), PIN set. */
/** The owner's booking of one adult on Burnside on Thursday 26 March at `time`, held or confirmed. */
const oneAdultOnThursday = (make: typeof holdBooking | typeof confirmedBooking, time: string) =>
  make(t.app, t.database.db, owner, [{ courseId: burnside, date: '2026-03-26', time }], [ADULT]);

async function booking(): Promise<MadeBooking> {
  if (!twoRoundBooking) {
    twoRoundBooking = await confirmedBooking(
      t.app,
      t.database.db,
      owner,
      [
        { courseId: burnside, date: '2026-03-26', time: '10:00', caddies: 1 },
        { courseId: buddonLinks, date: '2026-03-27', time: '10:00' },
      ],
      [ADULT, UNDER_16],
    );
    await setPin(t.database.db, t.app.config.linkSigningSecret, twoRoundBooking.bookingId, PIN);
  }
  return twoRoundBooking;
}

function signedQuery(
  bookingNumber: string,
  options: { secret?: string; at?: Date; ttlSeconds?: number } = {},
) {
  const link = signConfirmationLink({
    secret: options.secret ?? t.app.config.linkSigningSecret,
    publicUrl: t.app.config.publicUrl,
    bookingNumber,
    now: options.at ?? NOW,
    ...(options.ttlSeconds === undefined ? {} : { ttlSeconds: options.ttlSeconds }),
  });
  return { signature: link.signature, expires: String(link.expires) };
}

function getConfirmation(
  bookingNumber: string,
  headers: Record<string, string>,
  query?: Record<string, string>,
) {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return t.app.inject({ method: 'GET', url: `/v1/bookings/${bookingNumber}/confirmation${search}`, headers });
}

function postPin(
  bookingNumber: string,
  session: Session,
  body: unknown,
  remoteAddress = '127.0.0.1',
  app: FastifyInstance = t.app,
) {
  return app.inject({
    method: 'POST',
    url: `/v1/bookings/${bookingNumber}/confirmation`,
    headers: session.headers,
    payload: body as object,
    remoteAddress,
  });
}

function patchCaddies(bookingNumber: string, session: Session, body: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: `/v1/bookings/${bookingNumber}/caddies`,
    headers: session.headers,
    payload: body as object,
  });
}

/** A caddie change as the confirmation page sends it: `[course id, caddies]` per round, in that order. */
function setCaddies(bookingNumber: string, session: Session, ...rounds: Array<[number, number]>) {
  return patchCaddies(bookingNumber, session, {
    booking_id: bookingNumber,
    courses: rounds.map(([id, caddies]) => ({ id, caddies })),
  });
}

function errorOf(response: { json(): unknown }) {
  return (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;
}

describe('GET /v1/bookings/:bookingNumber/confirmation with a signed link', () => {
  it('answers the whole confirmation and unlocks this browser session', async () => {
    const { bookingNumber } = await booking();
    const response = await getConfirmation(bookingNumber, apiHeaders(), signedQuery(bookingNumber));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = confirmationSchema.parse(response.json().data);
    expect(data).toMatchObject({
      booking_number: bookingNumber,
      status: 'confirmed',
      golfer_count: 2,
      has_played: false,
      lead_name: 'Ada Lovelace',
      payment_method: 'card',
      calendar_url: `/v1/bookings/${bookingNumber}/calendar.ics`,
      last_tee_time: '2026-03-27T10:00:00.000Z',
    });
    expect(data.totals.paid).toBe(data.totals.payable);
    expect(data.totals.due).toBe(0);
    expect(data.amount_paid).toBe(data.totals.paid);
    expect(data.totals.net + data.totals.vat).toBe(data.totals.payable);
    expect([data.subtotal, data.vat, data.total]).toEqual([
      data.totals.net,
      data.totals.vat,
      data.totals.payable,
    ]);
    expect(data.golfers.map((golfer) => [golfer.id, golfer.player_type_id])).toEqual([
      [1, ADULT],
      [2, UNDER_16],
    ]);
    expect(data.golfers.reduce((sum, golfer) => sum + golfer.total, 0)).toBe(data.total);
    expect(data.price_breakdown.map((line) => [line.player_type_id, line.count])).toEqual([
      [ADULT, 1],
      [UNDER_16, 1],
    ]);
    expect(data.courses).toEqual([
      expect.objectContaining({
        id: burnside,
        name: 'Burnside Course',
        slug: 'burnside-course',
        image: '/images/courses/burnside-course.webp',
        tee_time: '2026-03-26T10:00:00.000Z',
        players: 2,
        caddies: 1,
        caddie_price: 6000,
        caddie_total: 6000,
        caddies_editable: true,
        caddie_cutoff: '2026-03-25T10:00:00.000Z',
      }),
      expect.objectContaining({ id: buddonLinks, caddies: 0, caddie_total: 0, caddies_editable: true }),
    ]);
    expect(data.courses[0]?.guide_url).toMatch(/^https:\/\//);
    expect(data.caddie_total).toBe(6000);

    // The fresh browser got a session cookie with the answer; it now opens the booking without the signature.
    const cookie = cookieHeader(response);
    expect(cookie).toContain('links_sid=');
    const again = await getConfirmation(bookingNumber, apiHeaders({ cookie }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.booking_number).toBe(bookingNumber);
  });

  it('refuses an expired, tampered, foreign or incomplete signature with 403 link_expired', async () => {
    const { bookingNumber } = await booking();
    const good = signedQuery(bookingNumber);
    const flipped = good.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const cases: Array<Record<string, string>> = [
      signedQuery(bookingNumber, { at: new Date(NOW.getTime() - 2 * 86_400_000), ttlSeconds: 86_400 }),
      { ...good, signature: flipped },
      { ...good, expires: String(Number(good.expires) + 3600) },
      signedQuery(bookingNumber, { secret: 'another-key-entirely-0123456789abcdef' }),
      { signature: good.signature },
      { expires: good.expires },
      { signature: 'not-hex', expires: good.expires },
    ];
    for (const query of cases) {
      const response = await getConfirmation(bookingNumber, apiHeaders(), query);
      expect(response.statusCode, JSON.stringify(query)).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'link_expired', message: M.linkExpired });
    }
    // Another booking's valid signature does not open this one.
    const other = signedQuery('123456789012');
    const foreign = await getConfirmation(bookingNumber, apiHeaders(), other);
    expect(foreign.statusCode).toBe(403);
  });

  it('answers an unknown booking number exactly as a bad signature, and 404 only to a valid one', async () => {
    const unknown = '999999999999';
    const bad = await getConfirmation(unknown, apiHeaders(), {
      signature: 'a'.repeat(64),
      expires: '9999999999',
    });
    const { bookingNumber } = await booking();
    const knownBad = await getConfirmation(bookingNumber, apiHeaders(), {
      signature: 'a'.repeat(64),
      expires: '9999999999',
    });
    expect([bad.statusCode, bad.body]).toEqual([knownBad.statusCode, knownBad.body]);
    const signedUnknown = await getConfirmation(unknown, apiHeaders(), signedQuery(unknown));
    expect(signedUnknown.statusCode).toBe(404);
    expect(errorOf(signedUnknown)).toEqual({ code: 'booking_not_found', message: M.unknownBooking });
  });

  it('does not show a held booking, even with a valid signature or to the session that made it', async () => {
    const held = await oneAdultOnThursday(holdBooking, '12:00');
    const signed = await getConfirmation(held.bookingNumber, apiHeaders(), signedQuery(held.bookingNumber));
    expect(signed.statusCode).toBe(404);
    expect(errorOf(signed).message).toBe("We don't recognise this booking.");
    const mine = await getConfirmation(held.bookingNumber, owner.headers);
    expect(mine.statusCode).toBe(404);
  });
});

describe('GET /v1/bookings/:bookingNumber/confirmation by session', () => {
  it('opens the booking for the session that made it, and asks anyone else for the PIN', async () => {
    const { bookingNumber } = await booking();
    const mine = await getConfirmation(bookingNumber, owner.headers);
    expect(mine.statusCode, mine.body).toBe(200);

    const stranger = await withCsrf(t.app);
    for (const headers of [stranger.headers, apiHeaders()]) {
      const response = await getConfirmation(bookingNumber, headers);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('access_required');
    }
    // An unknown number answers a stranger the same, so numbers cannot be probed.
    const unknown = await getConfirmation('999999999998', stranger.headers);
    expect([unknown.statusCode, errorOf(unknown)]).toEqual([
      403,
      errorOf(await getConfirmation(bookingNumber, stranger.headers)),
    ]);
  });

  it('forgets a session unlock after it lapses', async () => {
    const { bookingNumber, bookingId } = await booking();
    const visitor = await withCsrf(t.app);
    expect((await postPin(bookingNumber, visitor, { booking_id: bookingNumber, pin: PIN })).statusCode).toBe(
      200,
    );
    expect((await getConfirmation(bookingNumber, visitor.headers)).statusCode).toBe(200);
    await t.database.db
      .update(bookingAccessGrants)
      .set({ grantedAt: sql`now() - interval '2 days'`, expiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookingAccessGrants.bookingId, bookingId));
    expect((await getConfirmation(bookingNumber, visitor.headers)).statusCode).toBe(403);
    // The hourly purge removes lapsed grants only.
    expect(await purgeAccessGrants(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select()
      .from(bookingAccessGrants)
      .where(eq(bookingAccessGrants.bookingId, bookingId));
    expect(left).toEqual([]);
  });

  it('shows what is still due on a deposit booking, and by when', async () => {
    const made = await oneAdultOnThursday(confirmedBooking, '14:30');
    const balanceDueAt = new Date('2026-03-24T12:00:00Z');
    await t.database.db
      .update(bookings)
      .set({ paymentMethod: 'deposit', paidPence: 2000, balanceDueAt })
      .where(eq(bookings.id, made.bookingId));
    const data = (await getConfirmation(made.bookingNumber, owner.headers)).json().data as Confirmation;
    expect(data).toMatchObject({
      payment_method: 'deposit',
      amount_paid: 2000,
      balance_due_at: balanceDueAt.toISOString(),
    });
    expect(data.totals).toMatchObject({ paid: 2000, due: data.totals.payable - 2000 });
    // Overpaid (a refund pending) never shows a negative balance.
    await t.database.db
      .update(bookings)
      .set({ paidPence: sql`${bookings.payablePence} + 500` })
      .where(eq(bookings.id, made.bookingId));
    const over = (await getConfirmation(made.bookingNumber, owner.headers)).json().data as Confirmation;
    expect(over.totals.due).toBe(0);
    expect(over.balance_due_at).toBeNull();
  });

  it('shows a cancelled booking as cancelled to a session with access', async () => {
    const made = await oneAdultOnThursday(confirmedBooking, '14:00');
    const confirmed = (await getConfirmation(made.bookingNumber, owner.headers)).json().data;
    expect(confirmed.cancellation).toBeNull();
    await t.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date('2026-03-20T10:15:00Z'), cancelledReason: 'unpaid' })
      .where(eq(bookings.id, made.bookingId));
    const response = await getConfirmation(made.bookingNumber, owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'cancelled',
      cancellation: { at: '2026-03-20T10:15:00.000Z', reason: 'unpaid' },
    });
    expect(response.json().data.courses[0].caddies_editable).toBe(false);
    // A reason the page has no words for yet reads as 'other'.
    await t.database.db
      .update(bookings)
      .set({ cancelledReason: 'weather' })
      .where(eq(bookings.id, made.bookingId));
    const other = (await getConfirmation(made.bookingNumber, owner.headers)).json().data;
    expect(other.cancellation).toEqual({ at: '2026-03-20T10:15:00.000Z', reason: 'other' });
  });
});

describe('POST /v1/bookings/:bookingNumber/confirmation (PIN access)', () => {
  it('opens the booking with the right PIN and unlocks the session', async () => {
    const { bookingNumber } = await booking();
    const visitor = await withCsrf(t.app);
    const response = await postPin(bookingNumber, visitor, { booking_id: bookingNumber, pin: PIN });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.booking_number).toBe(bookingNumber);
    const later = await getConfirmation(bookingNumber, visitor.headers);
    expect(later.statusCode).toBe(200);
    const [grant] = await t.database.db
      .select()
      .from(bookingAccessGrants)
      .where(eq(bookingAccessGrants.bookingId, (await booking()).bookingId))
      .orderBy(desc(bookingAccessGrants.grantedAt));
    expect(grant?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('answers a wrong PIN and an unknown booking number alike', async () => {
    const { bookingNumber } = await booking();
    const visitor = await withCsrf(t.app);
    const wrong = await postPin(bookingNumber, visitor, { booking_id: bookingNumber, pin: '000000' });
    const unknown = await postPin('999999999997', visitor, { booking_id: '999999999997', pin: '000000' });
    const malformed = await postPin(bookingNumber, visitor, { booking_id: bookingNumber, pin: 'abc' });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong)).toEqual({
      code: 'pin_invalid',
      message: M.pinInvalid,
      fields: { pin: M.pinInvalid },
    });
    expect([unknown.statusCode, unknown.body]).toEqual([wrong.statusCode, wrong.body]);
    expect([malformed.statusCode, malformed.body]).toEqual([wrong.statusCode, wrong.body]);
    expect((await getConfirmation(bookingNumber, visitor.headers)).statusCode).toBe(403);
  });

  it('words empty fields as the PIN form does and refuses a mismatched booking number', async () => {
    const visitor = await withCsrf(t.app);
    const empty = await postPin('12345678', visitor, { booking_id: '', pin: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields).toEqual({
      booking_id: 'Please enter a your booking number',
      pin: 'Please enter your pin code',
    });
    const mismatch = await postPin('12345678', visitor, { booking_id: '87654321', pin: PIN });
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch).fields).toEqual({ booking_id: M.bookingIdMismatch });
  });

  it('needs a session and its CSRF token', async () => {
    const { bookingNumber } = await booking();
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${bookingNumber}/confirmation`,
      headers: apiHeaders({ 'content-type': 'application/json' }),
      payload: { booking_id: bookingNumber, pin: PIN },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('csrf_invalid');
  });

  it('locks a booking number after five wrong PINs, even against the right one, with Retry-After', async () => {
    const made = await oneAdultOnThursday(confirmedBooking, '15:00');
    await setPin(t.database.db, t.app.config.linkSigningSecret, made.bookingId, PIN);
    const guesser = await withCsrf(t.app);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postPin(
        made.bookingNumber,
        guesser,
        { booking_id: made.bookingNumber, pin: `11111${attempt}` },
        `10.1.0.${attempt}`,
      );
      expect(response.statusCode).toBe(422);
    }
    const locked = await postPin(
      made.bookingNumber,
      guesser,
      { booking_id: made.bookingNumber, pin: PIN },
      '10.1.0.9',
    );
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('pin_locked');
    expect(errorOf(locked).message).toMatch(
      /^Too many incorrect PIN codes have been entered for this booking\./,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Other bookings are not locked by it.
    const { bookingNumber } = await booking();
    expect(
      (await postPin(bookingNumber, guesser, { booking_id: bookingNumber, pin: PIN }, '10.1.0.10'))
        .statusCode,
    ).toBe(200);
  });

  it('limits one address to twenty attempts in fifteen minutes', async () => {
    const visitor = await withCsrf(t.app);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const number = String(500000000000 + attempt);
      const response = await postPin(number, visitor, { booking_id: number, pin: '123456' }, '10.2.0.1');
      expect(response.statusCode).toBe(422);
    }
    const { bookingNumber } = await booking();
    const limited = await postPin(
      bookingNumber,
      visitor,
      { booking_id: bookingNumber, pin: PIN },
      '10.2.0.1',
    );
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await postPin(bookingNumber, visitor, { booking_id: bookingNumber, pin: PIN }, '10.2.0.2')).statusCode,
    ).toBe(200);
  });
});

describe('PATCH /v1/bookings/:bookingNumber/caddies', () => {
  async function caddiesOf(bookingId: number) {
    const rows = await t.database.db
      .select({ courseId: bookingRounds.courseId, caddies: bookingRounds.caddies })
      .from(bookingRounds)
      .where(eq(bookingRounds.bookingId, bookingId));
    return Object.fromEntries(rows.map((row) => [row.courseId, row.caddies]));
  }

  it('changes caddies on rounds more than 24 hours away and answers the new confirmation', async () => {
    const { bookingNumber, bookingId } = await booking();
    const response = await setCaddies(bookingNumber, owner, [burnside, 2], [buddonLinks, 1]);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Confirmation;
    expect(data.courses.map((course) => [course.id, course.caddies, course.caddie_total])).toEqual([
      [burnside, 2, 12000],
      [buddonLinks, 1, 6000],
    ]);
    expect(data.caddie_total).toBe(18000);
    expect(data.totals.due).toBe(0);
    expect(await caddiesOf(bookingId)).toEqual({ [burnside]: 2, [buddonLinks]: 1 });
  });

  it('refuses a change to a round inside 24 hours and changes nothing, but leaves its count alone when unchanged', async () => {
    const { bookingNumber, bookingId } = await booking();
    await setCaddies(bookingNumber, owner, [burnside, 1], [buddonLinks, 0]);
    // Wednesday 25 March 11:00: Burnside (Thursday 10:00) is 23 hours away, Buddon Links (Friday 10:00) 47.
    now = new Date('2026-03-25T11:00:00Z');
    const view = (await getConfirmation(bookingNumber, owner.headers)).json().data as Confirmation;
    expect(view.courses.map((course) => course.caddies_editable)).toEqual([false, true]);

    const refused = await setCaddies(bookingNumber, owner, [buddonLinks, 2], [burnside, 2]);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toEqual({
      code: 'caddies_locked',
      message: M.caddiesLocked('Burnside Course'),
      fields: { 'courses.1.caddies': M.caddiesLocked('Burnside Course') },
    });
    expect(await caddiesOf(bookingId)).toEqual({ [burnside]: 1, [buddonLinks]: 0 });

    const allowed = await setCaddies(bookingNumber, owner, [burnside, 1], [buddonLinks, 2]);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await caddiesOf(bookingId)).toEqual({ [burnside]: 1, [buddonLinks]: 2 });
  });

  it('refuses more caddies than the round has golfers, a course not in the booking and a session without access', async () => {
    const { bookingNumber, bookingId } = await booking();
    const before = await caddiesOf(bookingId);
    const tooMany = await setCaddies(bookingNumber, owner, [burnside, 3]);
    expect(tooMany.statusCode).toBe(422);
    expect(errorOf(tooMany)).toMatchObject({
      code: 'caddies_invalid',
      message: M.caddiesOverGolfers('Burnside Course', 2),
    });
    const notInBooking = await setCaddies(bookingNumber, owner, [COURSE_IDS.championship, 1]);
    expect(notInBooking.statusCode).toBe(422);
    const stranger = await withCsrf(t.app);
    const denied = await setCaddies(bookingNumber, stranger, [burnside, 0]);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe('access_required');
    expect(await caddiesOf(bookingId)).toEqual(before);
  });

  it('thanks the golfers for playing once the last round can have finished, not at its tee time', async () => {
    const { bookingNumber } = await booking();
    // Buddon Links, the last round: Friday 27 March 2026 10:00 (GMT), four hours a round.
    const playedAt = async (instant: string) => {
      now = new Date(instant);
      return ((await getConfirmation(bookingNumber, owner.headers)).json().data as Confirmation).has_played;
    };
    expect(await playedAt('2026-03-27T10:00:00Z')).toBe(false);
    expect(await playedAt('2026-03-27T13:59:59Z')).toBe(false);
    expect(await playedAt('2026-03-27T14:00:00Z')).toBe(true);
  });

  it('hides the caddie editor after the last tee time and refuses changes then', async () => {
    const { bookingNumber } = await booking();
    now = new Date('2026-03-28T09:00:00Z');
    const view = (await getConfirmation(bookingNumber, owner.headers)).json().data as Confirmation;
    expect(view.has_played).toBe(true);
    expect(view.courses.every((course) => !course.caddies_editable)).toBe(true);
    const refused = await setCaddies(bookingNumber, owner, [buddonLinks, 1]);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'caddies_locked', message: M.played });
  });
});

describe('bad and oversized bodies', () => {
  it('answers 400 or 413, never 500', async () => {
    const { bookingNumber } = await booking();
    const visitor = await withCsrf(t.app);
    const bodies: unknown[] = [
      [],
      'text',
      { booking_id: 12345678, pin: 123456 },
      { booking_id: bookingNumber, pin: { $gt: '' } },
      { booking_id: '1'.repeat(25), pin: '1' },
      { booking_id: bookingNumber, pin: 'x'.repeat(25) },
    ];
    for (const body of bodies) {
      const response = await postPin(bookingNumber, visitor, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const caddieBodies: unknown[] = [
      {},
      { booking_id: bookingNumber, courses: 'all' },
      { booking_id: bookingNumber, courses: [{ id: burnside, caddies: -1 }] },
      { booking_id: bookingNumber, courses: [{ id: burnside, caddies: 1.5 }] },
      { booking_id: bookingNumber, courses: [{ id: burnside, caddies: 5 }] },
      { booking_id: bookingNumber, courses: [{ id: 'x', caddies: 1 }] },
      {
        booking_id: bookingNumber,
        courses: [
          { id: burnside, caddies: 1 },
          { id: burnside, caddies: 2 },
        ],
      },
    ];
    for (const body of caddieBodies) {
      const response = await patchCaddies(bookingNumber, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const invalidJson = await t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${bookingNumber}/confirmation`,
      headers: visitor.headers,
      payload: '{"booking_id": ',
    });
    expect(invalidJson.statusCode).toBe(400);
    const huge = { booking_id: bookingNumber, pin: PIN, padding: 'x'.repeat(10_000) };
    expect((await postPin(bookingNumber, visitor, huge)).statusCode).toBe(413);
    expect((await patchCaddies(bookingNumber, owner, { ...huge, courses: [] })).statusCode).toBe(413);
    for (const path of ['abc', '1'.repeat(25), '12%2F34']) {
      const response = await getConfirmation(path, owner.headers);
      expect(response.statusCode, path).toBe(400);
    }
  });
});

describe('GET /v1/bookings/:bookingNumber/calendar.ics', () => {
  it('downloads the booking as a calendar by signed link or session, without API headers', async () => {
    const { bookingNumber } = await booking();
    const search = new URLSearchParams(signedQuery(bookingNumber));
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${bookingNumber}/calendar.ics?${search}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tee-times-${bookingNumber}.ics"`,
    );
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);

    const calendar = new ICAL.Component(ICAL.parse(response.body));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    try {
      const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
      expect(
        events.map((event) => [
          event.summary,
          event.startDate.toJSDate().toISOString(),
          event.endDate.toJSDate().toISOString(),
        ]),
      ).toEqual([
        ['Burnside Course - The Links', '2026-03-26T10:00:00.000Z', '2026-03-26T14:00:00.000Z'],
        ['Buddon Links Course - The Links', '2026-03-27T10:00:00.000Z', '2026-03-27T14:00:00.000Z'],
      ]);
      expect(events[0]?.location).toBe('Links Parade, Carnoustie DD7 7JE, United Kingdom');
      expect(events[0]?.uid).toMatch(new RegExp(`^booking-${bookingNumber}-course-${burnside}@`));
    } finally {
      ICAL.TimezoneService.remove('Europe/London');
    }

    const bySession = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${bookingNumber}/calendar.ics`,
      headers: { cookie: owner.cookie },
    });
    expect(bySession.statusCode).toBe(200);
    expect(bySession.body).toBe(response.body);
  });

  it("keeps each round's UID and raises SEQUENCE with every change the calendar shows", async () => {
    // A booking of its own: a caddie change and a move, then a cancellation.
    const made = await confirmedBooking(
      t.app,
      t.database.db,
      owner,
      [
        { courseId: burnside, date: '2026-03-26', time: '11:00' },
        { courseId: buddonLinks, date: '2026-03-27', time: '11:00' },
      ],
      [ADULT, ADULT],
    );
    const uids = [
      expect.stringMatching(new RegExp(`^booking-${made.bookingNumber}-course-${burnside}@`)),
      expect.stringMatching(new RegExp(`^booking-${made.bookingNumber}-course-${buddonLinks}@`)),
    ];
    // Every version of the file keeps each round's UID.
    const calendar = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/bookings/${made.bookingNumber}/calendar.ics`,
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const events = readIcsEvents(response.body);
      expect(events.map((event) => event.uid)).toEqual(uids);
      return events;
    };
    // A change as the staff area makes one: with the next calendar version, in one transaction.
    const changedByStaff = (change: (tx: DbOrTx) => Promise<unknown>) =>
      t.database.db.transaction(async (tx) => {
        await change(tx);
        await bumpCalendarSequence(tx, made.bookingId);
      });
    const sequenceRow = async () =>
      (
        await t.database.db
          .select({ sequence: bookings.calendarSequence })
          .from(bookings)
          .where(eq(bookings.id, made.bookingId))
      )[0]?.sequence;

    const first = await calendar();
    expect(first.map((event) => [event.sequence, event.status])).toEqual([
      [0, 'CONFIRMED'],
      [0, 'CONFIRMED'],
    ]);

    // The golfer adds a caddie on the confirmation page: a new version of both events, under the same UIDs.
    const changed = await setCaddies(made.bookingNumber, owner, [burnside, 1]);
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await calendar();
    expect(second.map((event) => event.sequence)).toEqual([1, 1]);
    expect(second[0]?.description).toContain('1 caddie');
    // The same count again changes nothing, so no new version.
    await setCaddies(made.bookingNumber, owner, [burnside, 1]);
    expect(await sequenceRow()).toBe(1);

    // The round moves to another tee time (as the staff area will move it): same UID, next SEQUENCE, new time.
    await changedByStaff(async (tx) =>
      tx
        .update(bookingRounds)
        .set({ slotId: await slotIdAt(tx, burnside, '2026-03-26', '14:00') })
        .where(and(eq(bookingRounds.bookingId, made.bookingId), eq(bookingRounds.courseId, burnside))),
    );
    const third = await calendar();
    expect(third.map((event) => [event.sequence, event.start])).toEqual([
      [2, '2026-03-26T14:00:00.000Z'],
      [2, '2026-03-27T11:00:00.000Z'],
    ]);

    // Cancelled: the same events, cancelled, in a newer version.
    await changedByStaff((tx) =>
      tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, made.bookingId)),
    );
    const fourth = await calendar();
    expect(fourth.map((event) => [event.sequence, event.status])).toEqual([
      [3, 'CANCELLED'],
      [3, 'CANCELLED'],
    ]);
  });

  it('refuses a stranger and a bad signature like the confirmation does', async () => {
    const { bookingNumber } = await booking();
    const stranger = await withCsrf(t.app);
    const denied = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${bookingNumber}/calendar.ics`,
      headers: { cookie: stranger.cookie },
    });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe('access_required');
    const expired = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${bookingNumber}/calendar.ics?${new URLSearchParams(
        signedQuery(bookingNumber, { at: new Date(NOW.getTime() - 2 * 86_400_000), ttlSeconds: 60 }),
      )}`,
    });
    expect(expired.statusCode).toBe(403);
    expect(errorOf(expired).code).toBe('link_expired');
  });
});

describe('OpenAPI', () => {
  it('documents the four routes with their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: apiHeaders() });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/v1/bookings/{bookingNumber}/confirmation'] ?? {}).sort()).toEqual([
      'get',
      'post',
    ]);
    expect(paths['/v1/bookings/{bookingNumber}/caddies']?.patch).toBeDefined();
    expect(paths['/v1/bookings/{bookingNumber}/calendar.ics']?.get).toBeDefined();
    expect(JSON.stringify(paths['/v1/bookings/{bookingNumber}/confirmation'])).toContain('caddies_editable');
  });
});

// Two API instances share one PostgreSQL database (PGlite is one process), so this is registered only there; the
// PostgreSQL stage of `npm test` always runs it.
if (testDbKind() === 'postgres') {
  describe('PIN lockout across two app instances (PostgreSQL)', () => {
    const { apps, databases } = twoInstancesOnOneDatabase('links_pin', NOW, 4);

    it('counts wrong PINs sent to either instance against one lock', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const db = databases[0]!.db;
      const session = await withCsrf(first);
      const made = await confirmedBooking(
        first,
        db,
        session,
        [{ courseId: burnside, date: '2026-03-26', time: '11:00' }],
        [ADULT],
      );
      await setPin(db, first.config.linkSigningSecret, made.bookingId, PIN);
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, attempt) =>
          postPin(
            made.bookingNumber,
            session,
            { booking_id: made.bookingNumber, pin: `99999${attempt}` },
            `10.3.0.${attempt}`,
            attempt % 2 === 0 ? first : second,
          ),
        ),
      );
      expect(results.map((response) => response.statusCode)).toEqual([422, 422, 422, 422, 422]);
      for (const app of [first, second]) {
        const locked = await postPin(
          made.bookingNumber,
          session,
          { booking_id: made.bookingNumber, pin: PIN },
          '10.3.0.9',
          app,
        );
        expect(locked.statusCode).toBe(429);
        expect(errorOf(locked).code).toBe('pin_locked');
      }
    });
  });
}
