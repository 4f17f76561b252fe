import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../../modules/staff/manage-staff-users.ts';
import { STAFF_CODE_RULES, STAFF_PASSWORD_RULES } from '../../modules/staff/staff-rate-limits.ts';
import { totpCode } from '../../modules/staff/totp.ts';
import { testDbKind } from '../test-database.ts';
import { type Browser, errorOf, type HttpAnswer, statusCounts } from './browser.ts';
import { burstClients, type ServerPair, startServerPair } from './server-pair.ts';

// Issue 22: staff sign-in and code guessing are limited like the operator sign-in, atomically under parallel bursts.
// Two API processes on one PostgreSQL database, real HTTP, every burst sent at once over both. An "evaluated" request
// reached the argon2 or TOTP check (200 or 401); a refused one is a 429 that never did. PostgreSQL only.

const PASSWORD = 'Starter-Hut-2026!';

const evaluated = (answers: HttpAnswer[]) =>
  answers.filter((answer) => answer.status === 200 || answer.status === 401).length;

if (testDbKind() === 'postgres') {
  describe('staff sign-in limits under parallel bursts over two API processes', () => {
    let pair: ServerPair | undefined;
    const staffFactorKey = randomBytes(32).toString('hex');

    const { servers, nextAddresses, browser, browsersFrom } = burstClients(() => pair);
    /** A staff user made as the command line makes one, with the servers' factor key; enrolled by its first code. */
    const addStaff = async (username: string) => {
      const created = await createStaffUser(
        { db: (pair as ServerPair).db, config: { staffFactorKey } },
        { username, name: 'Burst Tester', email: 'burst@links.example', role: 'starter', password: PASSWORD },
        'cli',
        new Date(),
        { withFactor: true },
      );
      return created.enrolment?.secret as string;
    };

    beforeAll(async () => {
      pair = await startServerPair({ name: 'staff_bursts', secrets: { staffFactorKey } });
    }, 120_000);
    afterAll(async () => pair?.close(), 30_000);

    it('30 parallel password guesses for one account from 3 addresses evaluate at most the account limit', async () => {
      const [A, B] = servers();
      await (pair as ServerPair).withServerLogs(async () => {
        await addStaff('burst.password');
        const limit = STAFF_PASSWORD_RULES.account[0]?.max as number;
        const browsers = await browsersFrom(nextAddresses(3), 30);
        // 29 wrong passwords and the right one last, sent together.
        const answers = await Promise.all(
          browsers.map((made, index) =>
            made.call(index % 2 === 0 ? B : A, 'POST', '/v1/staff/session', {
              username: 'burst.password',
              password: index === 29 ? PASSWORD : `Wrong-Password-${index}!`,
            }),
          ),
        );
        console.info(`30 parallel staff sign-ins over 2 instances: ${JSON.stringify(statusCounts(answers))}`);
        expect(evaluated(answers)).toBeLessThanOrEqual(limit);
        expect(answers.every((answer) => [200, 401, 429].includes(answer.status))).toBe(true);
        for (const answer of answers.filter((one) => one.status === 429)) {
          expect(errorOf(answer).code).toBe('login_throttled');
        }
      })();
    });

    it('30 parallel code guesses for one account evaluate at most the code limit; then the right code is refused', async () => {
      const [A, B] = servers();
      await (pair as ServerPair).withServerLogs(async () => {
        const secret = await addStaff('burst.code');
        const limit = STAFF_CODE_RULES.account[0]?.max as number;
        const addresses = nextAddresses(3);
        // 30 browsers each past the password (a right password clears the account's password failures).
        const halves: Browser[] = [];
        for (let index = 0; index < 30; index += 1) {
          const server = index % 2 === 0 ? A : B;
          const made = await browser(addresses[index % 3] as string, server);
          const answer = await made.call(server, 'POST', '/v1/staff/session', {
            username: 'burst.code',
            password: PASSWORD,
          });
          expect(answer.status, answer.text).toBe(200);
          halves.push(made);
        }
        const right = totpCode(secret, new Date());
        const wrong = (index: number) => String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0');
        const answers = await Promise.all(
          halves.map((made, index) =>
            made.call(index % 2 === 0 ? B : A, 'POST', '/v1/staff/session/code', { code: wrong(index) }),
          ),
        );
        console.info(`30 parallel staff codes over 2 instances: ${JSON.stringify(statusCounts(answers))}`);
        expect(evaluated(answers)).toBeLessThanOrEqual(limit);
        expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(30 - limit);
        for (const server of [A, B]) {
          const late = await (halves[0] as Browser).call(server, 'POST', '/v1/staff/session/code', {
            code: right,
          });
          expect(late.status, late.text).toBe(429);
        }
      })();
    });
  });
}
