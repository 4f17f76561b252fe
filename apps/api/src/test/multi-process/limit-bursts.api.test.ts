import { randomBytes } from 'node:crypto';
import { COURSE_IDS, DEFAULT_PLAYER_TYPE_ID } from '@links/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_RULES } from '../../modules/auth/auth-rate-limits.ts';
import { bookingBody } from '../../modules/bookings/booking-test-helpers.ts';
import { PIN_BOOKING_RULE } from '../../modules/confirmation/confirmation-access.ts';
import { setPin } from '../../modules/confirmation/confirmation-test-helpers.ts';
import { DEMO_OPERATORS } from '../../modules/operators/seed-demo-operators.ts';
import { testDbKind } from '../test-database.ts';
import type { ApiProcess } from './api-process.ts';
import { type Browser, errorOf, type HttpAnswer, statusCounts } from './browser.ts';
import { payHeldBooking } from './sandbox-payment.ts';
import { burstClients, type ServerPair, slotsToHandOut, startServerPair } from './server-pair.ts';

// Issue 20, point 1: limits that hold under parallel bursts. Two API processes on one PostgreSQL database, real
// HTTP, every burst sent at once over both. A request the limit let through to the expensive check is "evaluated":
// for sign-in that is a 401 or a 200, for a PIN a 422 or a 200; a refused one is a 429 that never reached it.
// PostgreSQL only (vitest.config.ts keeps this folder out of the PGlite run).

const PIN = '246801';
const { burnside } = COURSE_IDS;
const ADULT = DEFAULT_PLAYER_TYPE_ID;
const [, linksTravel] = DEMO_OPERATORS;

const evaluated = (answers: HttpAnswer[], ok: number, wrong: number) =>
  answers.filter((answer) => answer.status === ok || answer.status === wrong).length;

if (testDbKind() === 'postgres') {
  describe('limits under parallel bursts over two API processes', () => {
    let pair: ServerPair | undefined;
    const linkSigningSecret = randomBytes(32).toString('hex');
    let freeSlots: number[] = [];

    const { servers, nextAddress, nextAddresses, browser, browsersFrom } = burstClients(() => pair);

    beforeAll(async () => {
      pair = await startServerPair({
        name: 'limit_bursts',
        secrets: { linkSigningSecret },
        // The session cap at its default (2); the network's at 30 so a burst can fill it; the challenge and the
        // course-day share have their own tests (fair-holds.api.test.ts).
        env: {
          MAX_LIVE_HOLDS_PER_ADDRESS: '100',
          MAX_LIVE_HOLDS_PER_NETWORK: '30',
          HOLD_SHARE_PER_NETWORK_PERCENT: '100',
          HOLD_CHALLENGE: 'off',
          HOLD_SWEEP_INTERVAL_MS: '0',
        },
      });
      freeSlots = (await slotsToHandOut(pair.db, burnside, 100)).map((slot) => slot.id);
    }, 120_000);

    afterAll(async () => pair?.close(), 30_000);

    /** A confirmed booking paid through the sandbox, with a PIN the test knows. */
    async function paidBooking(golfer: Browser, [A, B]: [ApiProcess, ApiProcess]) {
      const slotId = freeSlots.shift();
      if (slotId === undefined) throw new Error('ran out of slots');
      const held = await golfer.call(
        A,
        'POST',
        '/v1/bookings',
        bookingBody([{ id: burnside, slotId }], [ADULT]),
      );
      expect(held.status, held.text).toBe(200);
      const booking = (held.json as { data: { booking_id: number; booking_number: string } }).data;
      await payHeldBooking(
        golfer,
        [A, B],
        booking.booking_id,
        `bursts-${randomBytes(4).toString('hex')}@example.com`,
      );
      await setPin((pair as ServerPair).db, linkSigningSecret, booking.booking_id, PIN);
      return booking.booking_number;
    }

    it('30 parallel sign-ins for one account from 3 addresses evaluate at most the account limit', async () => {
      const [A, B] = servers();
      await (pair as ServerPair).withServerLogs(async () => {
        const limit = LOGIN_ACCOUNT_RULES[0]?.max as number;
        const browsers = await browsersFrom(nextAddresses(3), 30);
        // 29 wrong passwords and the right one last: sent together, the right one must not get in once the
        // attempts allowed are used up by the guesses.
        const answers = await Promise.all(
          browsers.map((made, index) =>
            made.call(index % 2 === 0 ? B : A, 'POST', '/v1/login', {
              username: linksTravel.username,
              password: index === 29 ? linksTravel.password : `Wrong-Password-${index}!`,
            }),
          ),
        );
        const counts = statusCounts(answers);
        console.info(`30 parallel sign-ins over 2 instances: ${JSON.stringify(counts)}`);
        expect(evaluated(answers, 200, 401)).toBeLessThanOrEqual(limit);
        for (const answer of answers.filter((one) => one.status === 429)) {
          expect(errorOf(answer).code).toBe('login_throttled');
        }
        expect(Object.keys(counts).sort()).toEqual(
          Object.keys(counts)
            .filter((status) => ['200', '401', '429'].includes(status))
            .sort(),
        );
        // Afterwards the account stays locked, the right password included, on both processes.
        for (const server of [A, B]) {
          const late = await browser(nextAddress(), server);
          const answer = await late.call(server, 'POST', '/v1/login', {
            username: linksTravel.username,
            password: linksTravel.password,
          });
          if (!answers.some((one) => one.status === 200)) expect(answer.status, answer.text).toBe(429);
        }
      })();
    });

    it('60 parallel PINs for one booking, then 400 over 20 addresses, evaluate at most five', async () => {
      const [A, B] = servers();
      await (pair as ServerPair).withServerLogs(async () => {
        const golfer = await browser(nextAddress(), A);
        const bookingNumber = await paidBooking(golfer, [A, B]);
        const pinCall = (made: Browser, server: ApiProcess, pin: string) =>
          made.call(server, 'POST', `/v1/bookings/${bookingNumber}/confirmation`, {
            booking_id: bookingNumber,
            pin,
          });

        const guessers = await browsersFrom(nextAddresses(60), 60);
        const burst = await Promise.all(
          guessers.map((made, index) =>
            pinCall(made, index % 2 === 0 ? B : A, String(100_000 + index).padStart(6, '0')),
          ),
        );
        console.info(`60 parallel PINs over 2 instances: ${JSON.stringify(statusCounts(burst))}`);
        expect(evaluated(burst, 200, 422)).toBeLessThanOrEqual(PIN_BOOKING_RULE.max);
        for (const answer of burst.filter((one) => one.status === 429)) {
          expect(errorOf(answer).code).toBe('pin_locked');
        }

        // A second booking, guessed from 20 addresses, 20 guesses each, all at once.
        const second = await paidBooking(await browser(nextAddress(), B), [A, B]);
        const spread = await browsersFrom(nextAddresses(20), 20);
        const wide = await Promise.all(
          Array.from({ length: 400 }, (_, index) =>
            (spread[index % 20] as Browser).call(
              index % 2 === 0 ? A : B,
              'POST',
              `/v1/bookings/${second}/confirmation`,
              { booking_id: second, pin: String(200_000 + index) },
            ),
          ),
        );
        console.info(`400 PINs over 20 addresses and 2 instances: ${JSON.stringify(statusCounts(wide))}`);
        expect(evaluated(wide, 200, 422)).toBeLessThanOrEqual(PIN_BOOKING_RULE.max);
        expect(wide.every((answer) => answer.status === 422 || answer.status === 429)).toBe(true);
      })();
    });

    it('parallel holds over both processes stop exactly at the session cap and at the network cap', async () => {
      const [A, B] = servers();
      await (pair as ServerPair).withServerLogs(async () => {
        const takeSlot = () => {
          const slotId = freeSlots.shift();
          if (slotId === undefined) throw new Error('ran out of slots');
          return slotId;
        };
        const holdOn = (made: Browser, server: ApiProcess) =>
          made.call(
            server,
            'POST',
            '/v1/bookings',
            bookingBody([{ id: burnside, slotId: takeSlot() }], [ADULT]),
          );

        // One browser session, 30 holds at once over A and B.
        const session = await browser('198.18.4.1', A);
        const fromSession = await Promise.all(
          Array.from({ length: 30 }, (_, index) => holdOn(session, index % 2 === 0 ? A : B)),
        );
        console.info(
          `30 parallel holds from one session over 2 instances: ${JSON.stringify(statusCounts(fromSession))}`,
        );
        expect(fromSession.filter((answer) => answer.status === 200)).toHaveLength(2);
        expect(fromSession.filter((answer) => answer.status === 429)).toHaveLength(28);

        // 45 sessions on 45 addresses of one /24, at once over A and B: the network's cap of 30, exactly.
        const network = await browsersFrom(
          Array.from({ length: 45 }, (_, index) => `198.18.5.${index + 1}`),
          45,
        );
        const fromNetwork = await Promise.all(
          network.map((made, index) => holdOn(made, index % 2 === 0 ? B : A)),
        );
        console.info(
          `45 parallel holds from one /24 over 2 instances: ${JSON.stringify(statusCounts(fromNetwork))}`,
        );
        expect(fromNetwork.filter((answer) => answer.status === 200)).toHaveLength(30);
        for (const answer of fromNetwork.filter((one) => one.status !== 200)) {
          expect(answer.status).toBe(429);
          expect(errorOf(answer).code).toBe('too_many_holds');
        }
      })();
    });
  });
}
