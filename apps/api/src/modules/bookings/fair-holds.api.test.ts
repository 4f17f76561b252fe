import { COURSE_IDS } from '@links/shared/constants';
import {
  CHALLENGE_INVALID,
  CHALLENGE_REQUIRED,
  PROOF_OF_WORK_HEADER,
} from '@links/shared/schemas/proof-of-work';
import { formatLongDate, londonTime } from '@links/shared/uk-time';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { bookingRounds, bookings, teeSlots } from '../../db/schema/index.ts';
import { NOW, THURSDAY } from '../../test/booking-week.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import { login } from '../auth/test/auth-test-helpers.ts';
import { PIN_ADDRESS_RULE } from '../confirmation/confirmation-access.ts';
import { confirmedBooking, setPin } from '../confirmation/confirmation-test-helpers.ts';
import { FAIRWAY, signInDemoOperators } from '../contact-details/operator-test-helpers.ts';
import { slotsOnDays } from '../tee-sheet/tee-sheet-test-data.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { bookingBody, bookingSettings, createBookingApp } from './booking-test-helpers.ts';
import { challengeThresholds, FAIR_HOLD_MESSAGES } from './fair-holds.ts';

// Issue 20, point 4: fair holds. The production defaults (loadConfig's) of every hold limit, behind one trusted proxy
// hop so each request's client address is the X-Forwarded-For the test gives. docs/decisions/009-fair-holds.md.

const { burnside, buddonLinks: buddon } = COURSE_IDS;
const DEFAULTS = loadConfig({}).bookings;

type Session = Awaited<ReturnType<typeof withCsrf>>;

/** The first `count` tee times of a course-day (fails when the day has fewer, so no loop below runs empty). */
async function slotsOf(t: TestApp, courseId: number, date: string, count: number): Promise<number[]> {
  const rows = (await slotsOnDays(t.database.db, courseId, date)).slice(0, count);
  expect(rows.length, `tee times of course ${courseId} on ${date}`).toBe(count);
  return rows.map((row) => row.id);
}

async function hold(
  t: TestApp,
  session: Session,
  address: string,
  course: { id: number; slotId: number },
  golfers: number,
  proof?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/bookings',
    headers: {
      ...session.headers,
      'x-forwarded-for': address,
      ...(proof ? { [PROOF_OF_WORK_HEADER]: proof } : {}),
    },
    remoteAddress: '127.0.0.1',
    payload: bookingBody(
      [course],
      Array.from({ length: golfers }, () => 1),
    ),
  });
}

/** GET /v1/challenge for this session and solve it as the browser does: the X-Proof-Of-Work header's value. */
async function solvedProof(t: TestApp, session: Session, address: string): Promise<string> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/v1/challenge',
    headers: { ...session.headers, 'x-forwarded-for': address },
    remoteAddress: '127.0.0.1',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  const { challenge } = answer.json().data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A hold as the web client makes it: asked for a challenge, it solves one and tries again. */
async function holdAsBrowser(
  t: TestApp,
  session: Session,
  address: string,
  course: { id: number; slotId: number },
  golfers: number,
) {
  const first = await hold(t, session, address, course, golfers);
  if (first.statusCode !== 403 || first.json().error.code !== CHALLENGE_REQUIRED) {
    return { response: first, challenged: false };
  }
  const proof = await solvedProof(t, session, address);
  return { response: await hold(t, session, address, course, golfers, proof), challenged: true };
}

describe('fair holds with the production defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createBookingApp(NOW, {
      ...bookingSettings({
        ...DEFAULTS,
        createRateLimit: { max: 1000, windowSeconds: 600 },
      }),
      trustProxy: 1,
    });
  });
  afterAll(async () => t?.close());

  it('ten golfers behind one hotel address each hold a booking; the browser check starts above normal use', async () => {
    const slots = await slotsOf(t, burnside, THURSDAY, 10);
    const threshold = challengeThresholds(DEFAULTS.maxLiveHolds).address;
    const challenged: boolean[] = [];
    for (const [index, slotId] of slots.entries()) {
      const result = await holdAsBrowser(t, await withCsrf(t.app), '192.0.2.10', { id: burnside, slotId }, 2);
      expect(result.response.statusCode, `golfer ${index + 1}: ${result.response.body}`).toBe(200);
      challenged.push(result.challenged);
    }
    expect(challenged).toEqual(slots.map((_, index) => index >= threshold));
  });

  it('asks one session for the check from its second hold, accepts each solution once, and caps it at two', async () => {
    const [first, second, third, fourth] = await slotsOf(t, burnside, '2026-03-27', 4);
    const session = await withCsrf(t.app);
    const address = '198.51.100.20';
    expect((await hold(t, session, address, { id: burnside, slotId: first! }, 2)).statusCode).toBe(200);
    const asked = await hold(t, session, address, { id: burnside, slotId: second! }, 2);
    expect(asked.statusCode, asked.body).toBe(403);
    expect(asked.json().error.code).toBe(CHALLENGE_REQUIRED);

    // Forged, another session's, and then a replayed solution are refused; a refused booking keeps its solution.
    const garbage = await hold(t, session, address, { id: burnside, slotId: second! }, 2, 'bm90IGEgcHJvb2Y=');
    expect(garbage.json().error.code).toBe(CHALLENGE_INVALID);
    const stranger = await withCsrf(t.app);
    const strangers = await solvedProof(t, stranger, address);
    const borrowed = await hold(t, session, address, { id: burnside, slotId: second! }, 2, strangers);
    expect(borrowed.json().error.code).toBe(CHALLENGE_INVALID);
    const proof = await solvedProof(t, session, address);
    const full = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(bookingRounds, eq(bookingRounds.bookingId, bookings.id))
      .where(eq(bookingRounds.slotId, first!));
    expect(full).toHaveLength(1);
    const lost = await hold(t, session, address, { id: burnside, slotId: first! }, 3, proof);
    expect(lost.statusCode, lost.body).toBe(409);
    const paidFor = await hold(t, session, address, { id: burnside, slotId: second! }, 2, proof);
    expect(paidFor.statusCode, paidFor.body).toBe(200);
    const capped = await hold(
      t,
      session,
      address,
      { id: burnside, slotId: third! },
      2,
      await solvedProof(t, session, address),
    );
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error.code).toBe('too_many_holds');

    // With room under the session's cap again (the second hold lapses), the used solution is refused.
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '2 minutes'` })
      .where(eq(bookings.id, paidFor.json().data.booking_id));
    const replayed = await hold(t, session, address, { id: burnside, slotId: fourth! }, 2, proof);
    expect(replayed.json().error.code).toBe(CHALLENGE_INVALID);
    const fresh = await solvedProof(t, session, address);
    const again = await hold(t, session, address, { id: burnside, slotId: fourth! }, 2, fresh);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('twelve addresses of one network hold no more than its share of a course-day; other networks still book', {
    timeout: 120_000,
  }, async () => {
    const date = '2026-03-28';
    const slots = await slotsOf(t, buddon, date, 20);
    const [{ places }] = (
      await t.database.db.execute<{ places: number }>(sql`
        select sum(capacity)::integer as places from tee_slots
        where course_id = ${buddon} and starts_at >= ${`${date}T00:00:00Z`} and starts_at < ${`${date}T23:59:59Z`}`)
    ).rows as [{ places: number }];
    const share = Math.floor((places * DEFAULTS.holdSharePerNetworkPercent) / 100);

    let next = 0;
    const refusals: string[] = [];
    // Each of the twelve addresses tries once (every hold after the network's sixth solves a challenge first).
    for (let host = 1; host <= 12; host += 1) {
      const slotId = slots[next] as number;
      const result = await holdAsBrowser(
        t,
        await withCsrf(t.app),
        `203.0.113.${host}`,
        { id: buddon, slotId },
        4,
      );
      if (result.response.statusCode === 200) next += 1;
      else refusals.push(result.response.json().error.message);
    }
    const held = await t.database.db.execute<{ players: number }>(sql`
      select coalesce(sum(r.players), 0)::integer as players from booking_rounds r join bookings b on b.id = r.booking_id
      where b.status = 'held' and r.course_id = ${buddon} and r.slot_id = any(${sql.raw(`array[${slots.join(',')}]`)})`);
    const heldPlaces = Number(held.rows[0]?.players);
    console.info(`one /24 on a Buddon day of ${places} places: ${heldPlaces} held (share ${share})`);
    expect(heldPlaces).toBeLessThanOrEqual(share);
    expect(heldPlaces).toBeGreaterThan(share - 4);
    expect(refusals).toContain(FAIR_HOLD_MESSAGES.networkShare('Buddon Links Course', formatLongDate(date)));
    // A golfer on another network books that day as usual.
    const other = await hold(t, await withCsrf(t.app), '198.18.0.9', { id: buddon, slotId: slots[next]! }, 4);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('a tour operator holds per account, not per address or session, and is never asked for the check', async () => {
    const { fairway } = await signInDemoOperators(t);
    const slots = await slotsOf(t, burnside, '2026-03-30', DEFAULTS.maxLiveHolds.operator + 1);
    // One office behind one address prepares the account's twenty bookings at once, with no check.
    for (const [index, slotId] of slots.slice(0, -1).entries()) {
      const answer = await hold(t, fairway, '192.0.2.10', { id: burnside, slotId }, 2);
      expect(answer.statusCode, `operator hold ${index + 1}: ${answer.body}`).toBe(200);
    }
    // The account's cap holds wherever it books from: the same operator in a new session elsewhere is refused.
    const elsewhere = await login(t.app, FAIRWAY.username, FAIRWAY.password);
    const refused = await hold(
      t,
      elsewhere.after,
      '203.0.113.80',
      { id: burnside, slotId: slots.at(-1)! },
      2,
    );
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'too_many_holds',
      message: BOOKING_MESSAGES.tooManyHolds(DEFAULTS.maxLiveHolds.operator),
    });
  });

  it('wrong PINs count against a shared address, right ones do not', async () => {
    const [slotId] = await slotsOf(t, burnside, '2026-03-31', 1);
    const [slot] = await t.database.db
      .select({ startsAt: teeSlots.startsAt })
      .from(teeSlots)
      .where(eq(teeSlots.id, slotId as number));
    const made = await confirmedBooking(
      t.app,
      t.database.db,
      await withCsrf(t.app),
      [{ courseId: burnside, date: '2026-03-31', time: londonTime(slot!.startsAt) }],
      [1, 1],
    );
    await setPin(t.database.db, t.app.config.linkSigningSecret, made.bookingId, '112233');
    const pin = async (bookingNumber: string, value: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/bookings/${bookingNumber}/confirmation`,
        headers: { ...(await withCsrf(t.app)).headers, 'x-forwarded-for': '192.0.2.77' },
        remoteAddress: '127.0.0.1',
        payload: { booking_id: bookingNumber, pin: value },
      });
    // Thirty golfers at one hotel open their bookings with the right PIN: none is refused.
    for (let golfer = 0; golfer < 30; golfer += 1)
      expect((await pin(made.bookingNumber, '112233')).statusCode).toBe(200);
    // Wrong PINs (for booking numbers of their own, so no booking locks) do count: twenty, then refused.
    for (let guess = 0; guess < PIN_ADDRESS_RULE.max; guess += 1) {
      expect((await pin(String(5_550_000_000 + guess), '000000')).statusCode).toBe(422);
    }
    const refused = await pin(String(5_550_009_999), '000000');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
  });
});
