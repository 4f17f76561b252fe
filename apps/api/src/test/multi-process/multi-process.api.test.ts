import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COURSE_IDS, DEFAULT_PLAYER_TYPE_ID } from '@links/shared/constants';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, mailOutbox } from '../../db/schema/index.ts';
import { writeMaintenanceFlag } from '../../lib/maintenance.ts';
import { LOGIN_ACCOUNT_RULES, LOGIN_ADDRESS_RULES } from '../../modules/auth/auth-rate-limits.ts';
import { bookingBody } from '../../modules/bookings/booking-test-helpers.ts';
import { setPin } from '../../modules/confirmation/confirmation-test-helpers.ts';
import { DEMO_OPERATORS } from '../../modules/operators/seed-demo-operators.ts';
import { databaseUrlFor, testDbKind } from '../test-database.ts';
import { type ApiProcess, describeProcess, logLines, spawnApiProcess } from './api-process.ts';
import { type Browser, errorOf } from './browser.ts';
import { expectStatus, payHeldBooking } from './sandbox-payment.ts';
import { serverPairForSuite, slotsToHandOut } from './server-pair.ts';
import { bookingStatusChanges, recordBookingStatusChanges } from './status-changes.ts';
import { poll } from './two-processes.ts';

// Issue 8, point 2: two API servers as separate OS processes (no shared memory) on one PostgreSQL database, driven
// over real HTTP. A session made on one works on the other; login, PIN and booking limits are counted once for
// both; maintenance switched on either flips both; a lapsed hold is expired once although both sweeps wait on its
// row at the same moment; the confirmation e-mail goes once although both run the mail worker.
// PostgreSQL only: PGlite is one process's embedded database. vitest.config.ts leaves this folder out of the PGlite
// run altogether (a file that registers no test fails), and the PostgreSQL stage of `npm test` always runs it.

const ADMIN_TOKEN = `admin-${randomBytes(12).toString('hex')}`;
const MAINTENANCE_CACHE_MS = 250;
const HOLD_SWEEP_INTERVAL_MS = 100;
const BOOKING_RATE_LIMIT_MAX = 4;
/** How late past its cache window an instance may notice the maintenance flag (timers on a busy machine). */
const MAINTENANCE_SLACK_MS = 1750;
const PIN = '135790';
const { burnside } = COURSE_IDS;
const ADULT = DEFAULT_PLAYER_TYPE_ID;
const [fairwayTours, linksTravel] = DEMO_OPERATORS;

if (testDbKind() === 'postgres') {
  describe('two API processes on one PostgreSQL database', () => {
    const linkSigningSecret = randomBytes(32).toString('hex');
    const { pair, withServerLogs, withServers } = serverPairForSuite({
      name: 'multi_process',
      secrets: { linkSigningSecret },
      env: {
        ADMIN_TOKEN,
        MAINTENANCE_CACHE_MS: String(MAINTENANCE_CACHE_MS),
        HOLD_SWEEP_INTERVAL_MS: String(HOLD_SWEEP_INTERVAL_MS),
        BOOKING_RATE_LIMIT_MAX: String(BOOKING_RATE_LIMIT_MAX),
        // The hold caps and the challenge have their own burst tests (limit-bursts.api.test.ts).
        MAX_LIVE_HOLDS_PER_SESSION: '100',
        MAX_LIVE_HOLDS_PER_ADDRESS: '100',
        MAX_LIVE_HOLDS_PER_NETWORK: '1000',
        HOLD_CHALLENGE: 'off',
      },
    });
    /** Future Burnside slots, handed out one per booking so no test meets another's places. */
    let freeSlots: Array<{ id: number; startsAt: Date }> = [];
    let addressCount = 0;
    let paidBooking: { bookingId: number; email: string } | undefined;

    const db = () => pair().db;
    /** A client address of its own (X-Forwarded-For; the servers trust the proxy), so limits meet only where meant. */
    const nextAddress = () => {
      addressCount += 1;
      return `198.51.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
    };
    const newBrowser = () => pair().browser(nextAddress());
    /** A new browser that has fetched its CSRF token from `server`. */
    const browserOn = async (server: ApiProcess) => {
      const browser = newBrowser();
      await browser.csrf(server);
      return browser;
    };
    const nextSlot = () => {
      const slot = freeSlots.shift();
      if (!slot) throw new Error('ran out of seeded tee slots');
      return slot;
    };
    /** The UK calendar day of an instant (the diary's start_date). */
    const ukDate = (instant: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);

    async function holdBooking(browser: Browser, server: ApiProcess, slotId: number) {
      const answer = await browser.call(
        server,
        'POST',
        '/v1/bookings',
        bookingBody([{ id: burnside, slotId }], [ADULT]),
      );
      expectStatus(answer, 200, `POST /v1/bookings on ${server.name}`);
      return (answer.json as { data: { booking_id: number; booking_number: string } }).data;
    }

    async function diaryBookings(server: ApiProcess, slot: { id: number; startsAt: Date }) {
      const answer = await newBrowser().call(
        server,
        'GET',
        `/v1/courses/${burnside}/diary?start_date=${ukDate(slot.startsAt)}`,
      );
      expectStatus(answer, 200, `diary on ${server.name}`);
      const slots = (answer.json as { data: Array<{ id: number; bookings: Array<{ booking_id: number }> }> })
        .data;
      const found = slots.find((candidate) => candidate.id === slot.id);
      if (!found) throw new Error(`slot ${slot.id} is not in the diary of ${server.name}`);
      return found.bookings.map((booking) => booking.booking_id);
    }

    beforeAll(async () => {
      await recordBookingStatusChanges(db());
      freeSlots = await slotsToHandOut(db(), burnside, 40);
    });

    it(
      'a session made on one process works on the other, and a sign-out on one ends it on both',
      withServers(async (A, B) => {
        // A golfer's session from A holds a booking on B, and A knows whose booking it is.
        const golfer = await browserOn(A);
        const first = nextSlot();
        const held = await holdBooking(golfer, B, first.id);
        const moved = await golfer.call(
          A,
          'PATCH',
          `/v1/bookings/${held.booking_id}`,
          bookingBody([{ id: burnside, slotId: nextSlot().id }], [ADULT]),
        );
        expectStatus(moved, 200, 'the owner changes the hold on the other process');
        // Another session (made on B) is a stranger on A; a session's XSRF token does not pass for another's cookie.
        const stranger = await browserOn(B);
        const refused = await stranger.call(
          A,
          'PATCH',
          `/v1/bookings/${held.booking_id}`,
          bookingBody([{ id: burnside, slotId: first.id }], [ADULT]),
        );
        expectStatus(refused, 404, 'another session changes the hold');
        expect(errorOf(refused).code).toBe('booking_not_found');

        // An operator signs in on A: B sees the operator; signing out on B ends that session on A too.
        const operator = await browserOn(B);
        const login = await operator.call(A, 'POST', '/v1/login', {
          username: fairwayTours.username,
          password: fairwayTours.password,
        });
        expectStatus(login, 200, 'login on A');
        for (const server of [B, A]) {
          const me = await operator.call(server, 'GET', '/v1/user');
          expectStatus(me, 200, `GET /v1/user on ${server.name}`);
          expect((me.json as { data: { company_name: string } }).data.company_name).toBe(
            fairwayTours.companyName,
          );
        }
        const signedInCookies = operator.copy();
        expectStatus(await operator.call(B, 'POST', '/v1/logout'), 200, 'logout on B');
        for (const server of [A, B]) {
          const after = await signedInCookies.call(server, 'GET', '/v1/user');
          expectStatus(after, 200, `the signed-out session's cookie on ${server.name}`);
          expect((after.json as { data: unknown }).data, `signed out on ${server.name}`).toBeNull();
        }
      }),
    );

    it(
      'failed sign-ins alternated between the processes lock the account and the address at the one-instance count',
      withServers(async (A, B) => {
        const accountLimit = LOGIN_ACCOUNT_RULES[0]?.max as number;
        const addressLimit = LOGIN_ADDRESS_RULES[0]?.max as number;

        // One account, guessed from a new address each time, alternately on A and B.
        const guesser = await browserOn(A);
        for (let guess = 1; guess <= accountLimit; guess += 1) {
          guesser.address = nextAddress();
          const server = guess % 2 === 1 ? A : B;
          const answer = await guesser.call(server, 'POST', '/v1/login', {
            username: linksTravel.username,
            password: `Wrong-Password-${guess}!`,
          });
          expectStatus(answer, 401, `wrong password ${guess} on ${server.name}`);
        }
        for (const server of [A, B]) {
          guesser.address = nextAddress();
          const locked = await guesser.call(server, 'POST', '/v1/login', {
            username: linksTravel.username,
            password: linksTravel.password,
          });
          expectStatus(locked, 429, `the right password after ${accountLimit} failures, on ${server.name}`);
          expect(errorOf(locked).code).toBe('login_throttled');
          expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
        }

        // One address, guessing a different username each time, alternately on A and B.
        const sprayer = await browserOn(B);
        for (let guess = 1; guess <= addressLimit; guess += 1) {
          const server = guess % 2 === 1 ? B : A;
          const answer = await sprayer.call(server, 'POST', '/v1/login', {
            username: `no-such-operator-${guess}`,
            password: 'Wrong-Password-1!',
          });
          expectStatus(answer, 401, `guess ${guess} from one address on ${server.name}`);
        }
        for (const server of [A, B]) {
          const locked = await sprayer.call(server, 'POST', '/v1/login', {
            username: fairwayTours.username,
            password: fairwayTours.password,
          });
          expectStatus(locked, 429, `a right password from the guessing address on ${server.name}`);
          expect(errorOf(locked).code).toBe('login_throttled');
        }
        // The owner, from an address of its own, is not locked out.
        const owner = await browserOn(A);
        expectStatus(
          await owner.call(B, 'POST', '/v1/login', {
            username: fairwayTours.username,
            password: fairwayTours.password,
          }),
          200,
          'the owner from another address',
        );
      }),
    );

    it(
      'wrong PINs alternated between the processes lock the booking on both',
      withServers(async (A, B) => {
        // A booking paid the way a golfer pays, each step on the other process than the last.
        const email = `multi-process-${randomBytes(4).toString('hex')}@example.com`;
        const golfer = await browserOn(A);
        const held = await holdBooking(golfer, A, nextSlot().id);
        await payHeldBooking(golfer, [A, B], held.booking_id, email);
        paidBooking = { bookingId: held.booking_id, email };
        // The real PIN is only in the e-mail; set a known one the way the servers check it.
        await setPin(db(), linkSigningSecret, held.booking_id, PIN);
        const pinCall = (browser: Browser, server: ApiProcess, pin: string) =>
          browser.call(server, 'POST', `/v1/bookings/${held.booking_number}/confirmation`, {
            booking_id: held.booking_number,
            pin,
          });

        const visitor = await browserOn(B);
        expectStatus(await pinCall(visitor, B, PIN), 200, 'the right PIN before any guessing');

        const guesser = await browserOn(A);
        for (let guess = 0; guess < 5; guess += 1) {
          guesser.address = nextAddress();
          const server = guess % 2 === 0 ? A : B;
          expectStatus(
            await pinCall(guesser, server, `99999${guess}`),
            422,
            `wrong PIN ${guess} on ${server.name}`,
          );
        }
        for (const server of [A, B]) {
          const late = await browserOn(server);
          const locked = await pinCall(late, server, PIN);
          expectStatus(locked, 429, `the right PIN after five wrong ones, on ${server.name}`);
          expect(errorOf(locked).code).toBe('pin_locked');
        }
      }),
    );

    it(
      'booking creations from one address are counted once across the processes',
      withServers(async (A, B) => {
        const golfer = await browserOn(B);
        for (let made = 1; made <= BOOKING_RATE_LIMIT_MAX; made += 1) {
          await holdBooking(golfer, made % 2 === 1 ? A : B, nextSlot().id);
        }
        for (const server of [A, B]) {
          const over = await golfer.call(
            server,
            'POST',
            '/v1/bookings',
            bookingBody([{ id: burnside, slotId: nextSlot().id }], [ADULT]),
          );
          expectStatus(over, 429, `booking ${BOOKING_RATE_LIMIT_MAX + 1} on ${server.name}`);
          expect(errorOf(over).code).toBe('rate_limited');
        }
      }),
    );

    it(
      'maintenance switched on one process flips both within the cache time, and off again',
      withServers(async (A, B) => {
        const visitor = await browserOn(A);
        const admin = (server: ApiProcess, enabled: boolean) =>
          fetch(`${server.url}/admin/maintenance`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
            body: JSON.stringify({ enabled }),
          });
        /** Polls GET /v1/time on `server` until it answers `status`; returns how long that took. */
        const until = async (server: ApiProcess, status: number, since: number) =>
          poll(`${server.name} answering ${status}`, MAINTENANCE_CACHE_MS + 5000, async () => {
            const answer = await visitor.call(server, 'GET', '/v1/time');
            return answer.status === status ? Date.now() - since : undefined;
          });

        for (const server of [A, B])
          expectStatus(await visitor.call(server, 'GET', '/v1/time'), 200, server.name);
        try {
          const switchedOn = Date.now();
          const on = await admin(A, true);
          expect(on.status, await on.clone().text()).toBe(200);
          expect(((await on.json()) as { data: { maintenance: boolean } }).data.maintenance).toBe(true);
          const onTimes = [await until(A, 503, switchedOn), await until(B, 503, switchedOn)];
          const refused = await visitor.call(B, 'POST', '/v1/bookings', bookingBody([], [ADULT]));
          expectStatus(refused, 503, 'a booking on B during maintenance');
          expect(errorOf(refused).code).toBe('maintenance');

          const switchedOff = Date.now();
          const off = await admin(B, false);
          expect(off.status, await off.clone().text()).toBe(200);
          const offTimes = [await until(B, 200, switchedOff), await until(A, 200, switchedOff)];
          console.info(
            `maintenance on via A: A ${onTimes[0]} ms, B ${onTimes[1]} ms; off via B: B ${offTimes[0]} ms, A ${offTimes[1]} ms`,
          );
          for (const elapsed of [...onTimes, ...offTimes]) {
            expect(elapsed).toBeLessThan(MAINTENANCE_CACHE_MS + MAINTENANCE_SLACK_MS);
          }
        } finally {
          await writeMaintenanceFlag(db(), false);
        }
      }),
    );

    it(
      'lapsed holds are expired exactly once though both processes sweep, and their places are free on both',
      withServers(async (A, B) => {
        const golfer = await browserOn(B);
        const slots = [nextSlot(), nextSlot(), nextSlot()];
        const held: number[] = [];
        for (const [index, slot] of slots.entries()) {
          held.push((await holdBooking(golfer, index % 2 === 0 ? B : A, slot.id)).booking_id);
        }
        for (const server of [A, B]) {
          for (const [index, slot] of slots.entries()) {
            expect(await diaryBookings(server, slot), `slot ${index} on ${server.name}`).toContain(
              held[index],
            );
          }
        }

        // Lapse the holds so that their places are released two seconds from now, and lock their rows until both
        // processes' sweeps are waiting on them: the race "expire once" is about, made certain, not left to timing.
        const locker = new pg.Client({ connectionString: databaseUrlFor(pair().databaseName) });
        await locker.connect();
        try {
          await locker.query(
            "UPDATE bookings SET hold_expires_at = now() - interval '58 seconds' WHERE id = ANY($1::int[])",
            [held],
          );
          await locker.query('BEGIN');
          await locker.query('SELECT id FROM bookings WHERE id = ANY($1::int[]) FOR UPDATE', [held]);
          // Read from another connection: inside the locking transaction pg_stat_activity would be a snapshot.
          const activity = () =>
            db().execute<{ application_name: string; wait_event_type: string | null; query: string }>(
              sql`SELECT application_name, wait_event_type, left(query, 120) AS query FROM pg_stat_activity
                  WHERE datname = current_database() AND pid <> pg_backend_pid()`,
            );
          const waiting = await poll('both sweeps waiting on the lapsed holds', 10_000, async () => {
            const names = (await activity()).rows
              .filter((row) => row.wait_event_type === 'Lock' && /^update "bookings"/i.test(row.query.trim()))
              .map((row) => row.application_name)
              .sort();
            return names.length === 2 ? names : undefined;
          }).catch(async (error: Error) => {
            error.message += `\n${JSON.stringify((await activity()).rows, null, 1)}`;
            throw error;
          });
          expect(waiting).toEqual(['links-api-A', 'links-api-B']);
          await locker.query('COMMIT');
        } finally {
          await locker.end();
        }
        await poll('the lapsed holds expired', 10_000, async () => {
          const rows = await db()
            .select({ status: bookings.status })
            .from(bookings)
            .where(inArray(bookings.id, held));
          return rows.every((row) => row.status === 'expired') ? true : undefined;
        });
        // Each sweep that expires something logs how many; wait (bounded) for both logs to show all of them.
        const sweptBy = () =>
          Object.fromEntries(
            [A, B].map((server) => [
              server.name,
              logLines(server)
                .filter((line) => line.msg === 'lapsed holds expired')
                .reduce((sum, line) => sum + Number(line.expired), 0),
            ]),
          );
        const logged = await poll('both processes logging their sweeps', 5000, async () => {
          const counts = sweptBy();
          return Object.values(counts).reduce((sum, count) => sum + count, 0) >= held.length
            ? counts
            : undefined;
        });

        const updates = (await bookingStatusChanges(db())).filter(
          (row) => row.new_status === 'expired' || row.old_status === 'expired',
        );
        expect(updates.map((row) => row.booking_id).sort()).toEqual([...held].sort());
        expect(updates.every((row) => row.old_status === 'held' && row.new_status === 'expired')).toBe(true);
        // Every process's logs together count each expiry once (nothing else lapsed during this run).
        expect(Object.values(sweptBy()).reduce((sum, count) => sum + count, 0)).toBe(held.length);
        console.info(`lapsed holds expired by: ${JSON.stringify(logged)}`);

        for (const server of [A, B]) {
          for (const [index, slot] of slots.entries()) {
            expect(await diaryBookings(server, slot), `slot ${index} on ${server.name}`).not.toContain(
              held[index],
            );
          }
        }
      }),
    );

    it(
      'a third process started on a port already taken logs why it could not listen, then exits 1',
      withServers(async (A) => {
        const third = await spawnApiProcess({
          name: 'API C',
          cwd: pair().dataDir,
          env: pair().envFor('C'),
          port: Number(new URL(A.url).port),
        });
        const timedOut = await Promise.race([
          third.gone.then(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 60_000)),
        ]);
        if (timedOut) await third.stop(1000);
        expect(third.exit(), describeProcess(third)).toEqual({ code: 1, signal: null });
        // The fatal line is the last thing the process says: it must reach stdout although the process exits at once.
        const fatal = logLines(third).find((line) => line.msg === 'could not listen');
        expect(fatal, describeProcess(third)).toMatchObject({ level: 60, err: { code: 'EADDRINUSE' } });
        // A is untouched.
        expectStatus(await newBrowser().call(A, 'GET', '/v1/time'), 200, 'GET /v1/time on A');
      }),
      70_000,
    );

    it(
      "the paid booking's confirmation e-mail is sent once though both processes run the mail worker",
      withServerLogs(async () => {
        if (!paidBooking) throw new Error('the PIN test did not pay its booking');
        const { email } = paidBooking;
        const rows = await poll('the outbox sending the confirmation', 15_000, async () => {
          const outbox = await db()
            .select({ id: mailOutbox.id, status: mailOutbox.status })
            .from(mailOutbox)
            .where(eq(mailOutbox.to, email));
          return outbox.length > 0 && outbox.every((row) => row.status === 'sent') ? outbox : undefined;
        });
        // Both write the local mail outbox into the pair's one data directory, so a message sent twice would show as
        // two files.
        const outboxDir = join(pair().dataDir, 'outbox');
        const written: string[] = [];
        for (const file of await readdir(outboxDir)) {
          if (!file.endsWith('.json')) continue;
          const entry = JSON.parse(await readFile(join(outboxDir, file), 'utf8')) as {
            id: string;
            to: string;
          };
          if (entry.to.includes(email)) written.push(entry.id);
        }
        expect(written.sort()).toEqual(rows.map((row) => row.id).sort());
      }),
    );
  });
}
