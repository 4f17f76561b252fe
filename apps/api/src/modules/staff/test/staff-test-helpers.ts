import type { StaffRole } from '@links/shared';
import { londonTime } from '@links/shared/uk-time';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { staffAuditLog, staffUsers } from '../../../db/schema/index.ts';
import {
  deriveCsrfToken,
  newSessionId,
  SESSION_COOKIE,
  signCookieValue,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '../../../lib/session-token.ts';
import { apiHeaders, createTestApp, type TestApp, withCsrf } from '../../../test/test-app.ts';
import { type Browser, browserFrom } from '../../auth/test/auth-test-helpers.ts';
import {
  bookingBody,
  createBookingApp,
  postBooking,
  twoInstancesOnOneDatabase,
} from '../../bookings/booking-test-helpers.ts';
import {
  confirmedByVisitor,
  type MadeBooking,
  type RoundChoice,
} from '../../confirmation/confirmation-test-helpers.ts';
import { insertPaidBooking, slotIdAt } from '../../tee-sheet/tee-sheet-test-data.ts';
import { createStaffUser } from '../manage-staff-users.ts';
import { createStaffSession, type StaffSessionStage } from '../staff-sessions.ts';
import { totpCode, totpStep } from '../totp.ts';

export const STAFF_PASSWORD = 'Starter-Hut-2026!';
export const NEW_STAFF_PASSWORD = 'Buddon-Burn-Links-9?';

/** `npm run staff` arguments that create the resort's first admin (the password still to give). */
export const CREATE_FIRST_ADMIN = [
  'create',
  '--username',
  'first.admin',
  '--name',
  'First Admin',
  '--email',
  'admin@links.example',
  '--role',
  'admin',
];

export type TestStaffUser = { id: number; username: string; password: string; secret: string };

/**
 * A staff user as the command line makes one (secret issued at once), enrolled unless `enrolled: false` (then the
 * secret is pending: the first right code confirms it).
 */
export async function addStaffUser(
  t: TestApp,
  options: { username?: string; name?: string; role?: StaffRole; enrolled?: boolean } = {},
): Promise<TestStaffUser> {
  const username = options.username ?? 'head.starter';
  const created = await createStaffUser(
    { db: t.database.db, config: t.config },
    {
      username,
      name: options.name ?? 'Morag Starter',
      email: 'morag@links.example',
      role: options.role ?? 'admin',
      password: STAFF_PASSWORD,
    },
    'cli',
    t.clock.now(),
    { withFactor: true },
  );
  if (!created.enrolment) throw new Error('expected a factor');
  if (options.enrolled !== false) {
    await t.database.db
      .update(staffUsers)
      .set({ factorConfirmedAt: t.clock.now() })
      .where(eq(staffUsers.id, created.user.id));
  }
  return { id: created.user.id, username, password: STAFF_PASSWORD, secret: created.enrolment.secret };
}

/** Moves the app's clock past the last step the user used, so the next code is not a replay. */
export async function nextFreshStep(t: TestApp, userId: number): Promise<Date> {
  const [row] = await t.database.db
    .select({ last: staffUsers.totpLastStep })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  const now = t.clock.now();
  if (row?.last != null && totpStep(now) <= row.last) {
    const later = new Date((row.last + 1) * 30_000 + 1_000);
    t.clock.pin(later);
    return later;
  }
  return now;
}

export function postPassword(
  app: FastifyInstance,
  browser: Browser,
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
): Promise<{ response: LightMyRequestResponse; browser: Browser }> {
  return postSignInStep(app, browser, '/v1/staff/session', { username, password }, remoteAddress);
}

export function postCode(
  app: FastifyInstance,
  browser: Browser,
  code: string,
  remoteAddress = '127.0.0.1',
): Promise<{ response: LightMyRequestResponse; browser: Browser }> {
  return postSignInStep(app, browser, '/v1/staff/session/code', { code }, remoteAddress);
}

/** One sign-in step from `browser`: the answer, and the browser holding whatever cookies it set. */
async function postSignInStep(
  app: FastifyInstance,
  browser: Browser,
  url: string,
  payload: object,
  remoteAddress: string,
): Promise<{ response: LightMyRequestResponse; browser: Browser }> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: browser.headers,
    payload,
    remoteAddress,
  });
  return { response, browser: browserFrom(response, browser) };
}

/** A browser that has fetched its CSRF token and nothing else: no one is signed in on it. */
export async function freshBrowser(app: FastifyInstance): Promise<Browser> {
  return browserFrom(await app.inject({ method: 'GET', url: '/csrf', headers: apiHeaders() }));
}

export type StaffMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A staff API call from `browser`: a GET sends its cookie only, any other method its CSRF headers too. */
export function sendFrom(
  app: FastifyInstance,
  browser: Browser,
  method: StaffMethod,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: method === 'GET' ? apiHeaders({ cookie: browser.cookie }) : browser.headers,
    ...(payload && { payload }),
  });
}

export type AppWithSignedInAdmin = {
  t: TestApp;
  admin: TestStaffUser;
  adminBrowser: Browser;
  /** A staff API call from the admin's browser (or from `browser`), as sendFrom makes it. */
  send(
    method: StaffMethod,
    url: string,
    payload?: object,
    browser?: Browser,
  ): Promise<LightMyRequestResponse>;
};

/**
 * Registers the beforeEach that makes a fresh app whose enrolled admin 'club.admin' is signed in on `adminBrowser`
 * (through both sign-in steps), and the afterEach that closes it: for tests that change the staff users themselves.
 * The returned object holds the current test's app.
 */
export function freshAppWithSignedInAdminEachTest(): AppWithSignedInAdmin {
  const fixture = {
    send: (method, url, payload, browser = fixture.adminBrowser) =>
      sendFrom(fixture.t.app, browser, method, url, payload),
  } as AppWithSignedInAdmin;
  beforeEach(async () => {
    fixture.t = await createTestApp();
    fixture.admin = await addStaffUser(fixture.t, { username: 'club.admin', role: 'admin' });
    fixture.adminBrowser = await signInStaff(fixture.t, fixture.admin);
  });
  afterEach(async () => {
    await fixture.t.close();
  });
  return fixture;
}

/** Both steps, as a person does them; fails the test when either is refused. */
export async function signInStaff(
  t: TestApp,
  user: TestStaffUser,
  remoteAddress = '127.0.0.1',
): Promise<Browser> {
  const password = await postPassword(
    t.app,
    await freshBrowser(t.app),
    user.username,
    user.password,
    remoteAddress,
  );
  if (password.response.statusCode !== 200) throw new Error(`password step: ${password.response.body}`);
  const at = await nextFreshStep(t, user.id);
  const code = await postCode(t.app, password.browser, totpCode(user.secret, at), remoteAddress);
  if (code.response.statusCode !== 200) throw new Error(`code step: ${code.response.body}`);
  return code.browser;
}

/**
 * One instance of a two-instance test (twoInstancesOnOneDatabase) in the shape these helpers take: its app, clock and
 * config, on the shared database.
 */
export function onInstance(app: FastifyInstance, database: Database): TestApp {
  return { app, database, config: app.config, clock: app.clock } as unknown as TestApp;
}

export type StaffRace = {
  one: FastifyInstance;
  two: FastifyInstance;
  database: Database;
  db: Database['db'];
  /** Instance one in the shape the staff helpers take (see onInstance). */
  onOne: TestApp;
  /** A visitor's confirmed booking made through instance one (see visitorBooking). */
  booking(rounds: RoundChoice[], playerTypeIds: number[]): Promise<MadeBooking>;
  /** A new reservations desk user with a full session on instance one. */
  deskOnOne(username: string): Promise<Browser>;
  /** One new reservations desk user with a full session on each instance: two staff acting at once. */
  deskOnBoth(username: string): Promise<[Browser, Browser]>;
  /**
   * The same cancellation with a refund of `refund` pence, sent at once from `desks` (see deskOnBoth), the first on
   * instance one and the second on instance two.
   */
  cancelFromBoth(
    bookingNumber: string,
    refund: number,
    desks: [Browser, Browser],
  ): [Promise<LightMyRequestResponse>, Promise<LightMyRequestResponse>];
  /**
   * Six visitors, their sessions opened now, alternately on instance one and two. The answer posts each one's hold
   * of one golfer at `slotId` at once, to run alongside a staff change of that tee time.
   */
  visitors(courseId: number): Promise<(slotId: number) => Promise<LightMyRequestResponse>[]>;
};

/**
 * A race of staff work over two API instances on one PostgreSQL database (twoInstancesOnOneDatabase, 8 connections
 * each; call it in a describe), and what such a race is made of. The instances are there once the tests run.
 */
export function staffRaceOnTwoInstances(prefix: string, now: Date): StaffRace {
  const { apps, databases } = twoInstancesOnOneDatabase(prefix, now, 8);
  const race: StaffRace = {
    get one() {
      return apps[0]!;
    },
    get two() {
      return apps[1]!;
    },
    get database() {
      return databases[0]!;
    },
    get db() {
      return databases[0]!.db;
    },
    get onOne() {
      return onInstance(apps[0]!, databases[0]!);
    },
    booking: (rounds, playerTypeIds) => visitorBooking(race.onOne, rounds, playerTypeIds),
    deskOnOne: (username) => staffBrowser(race.onOne, { username, role: 'reservations' }),
    async deskOnBoth(username) {
      const staff = await addStaffUser(race.onOne, { username, role: 'reservations' });
      return [
        await staffSessionBrowser(race.onOne, staff.id, 'full'),
        await staffSessionBrowser(onInstance(race.two, race.database), staff.id, 'full'),
      ];
    },
    cancelFromBoth(bookingNumber, refund, [deskOne, deskTwo]) {
      const url = `/v1/staff/bookings/${bookingNumber}/cancel`;
      return [
        sendFrom(race.one, deskOne, 'POST', url, { reason: 'One', refund }),
        sendFrom(race.two, deskTwo, 'POST', url, { reason: 'Two', refund }),
      ];
    },
    async visitors(courseId) {
      const instance = (index: number) => (index % 2 === 0 ? race.one : race.two);
      const sessions = await Promise.all(Array.from({ length: 6 }, (_, index) => withCsrf(instance(index))));
      return (slotId) =>
        sessions.map((session, index) =>
          postBooking(instance(index), session, bookingBody([{ id: courseId, slotId }], [1])),
        );
    },
  };
  return race;
}

/** A browser holding a staff session made directly in the database (no sign-in, no rate limits, no code). */
export async function staffSessionBrowser(
  t: TestApp,
  userId: number,
  stage: StaffSessionStage,
): Promise<Browser> {
  const sessionId = newSessionId('staff');
  await createStaffSession(t.database.db, sessionId, userId, stage, t.clock.now());
  const token = deriveCsrfToken(t.config.sessionSecret, sessionId);
  const cookie = `${SESSION_COOKIE}=${signCookieValue(t.config.sessionSecret, sessionId)}; ${XSRF_COOKIE}=${token}`;
  return {
    cookie,
    token,
    headers: apiHeaders({ cookie, [XSRF_HEADER]: token, 'content-type': 'application/json' }),
  };
}

export async function getMe(app: FastifyInstance, browser: Browser): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/v1/staff/me', headers: apiHeaders({ cookie: browser.cookie }) });
}

export async function auditRows(t: TestApp) {
  return t.database.db.select().from(staffAuditLog).orderBy(staffAuditLog.id);
}

export type StaffLogin = { username: string; role: StaffRole; name?: string };

/** A browser with a full session of a new enrolled staff user: how a staff route test signs in its staff. */
export async function staffBrowser(t: TestApp, login: StaffLogin): Promise<Browser> {
  return staffSessionBrowser(t, (await addStaffUser(t, login)).id, 'full');
}

/**
 * Registers (in the file or describe it is called in) the beforeAll that makes an app with `makeApp` and signs in
 * each of `staff` (its browser under the same key), and the afterAll that closes the app. The returned object is
 * filled before the first test; a beforeAll registered after this call may add to the app (bookings, blocks).
 */
export function staffAppForTests<App extends TestApp, Key extends string>(
  makeApp: () => Promise<App>,
  staff: Record<Key, StaffLogin>,
): { t: App } & Record<Key, Browser> {
  const fixture = {} as { t: App } & Record<Key, Browser>;
  beforeAll(async () => {
    const t = await makeApp();
    fixture.t = t;
    for (const [key, login] of Object.entries<StaffLogin>(staff)) {
      (fixture as Record<string, Browser>)[key] = await staffBrowser(t, login);
    }
  });
  afterAll(async () => fixture.t?.close());
  return fixture;
}

/** A visitor's booking of `rounds` for golfers of `playerTypeIds`, paid by card and confirmed, from a new browser. */
export async function visitorBooking(
  t: TestApp,
  rounds: RoundChoice[],
  playerTypeIds: number[],
): Promise<MadeBooking> {
  return confirmedByVisitor(t, rounds, playerTypeIds);
}

export type DeskAndBooking = { t: TestApp; desk: Browser; made: MadeBooking };

/**
 * The start of a test of the desk changing a visitor's booking: registers the beforeAll that makes a booking app at
 * `now`, a visitor's confirmed booking (see visitorBooking) and a signed-in reservations desk, and the afterAll that
 * closes the app. The returned object is filled before the first test.
 */
export function deskAndBookingForTests(
  now: Date,
  rounds: RoundChoice[],
  playerTypeIds: number[],
  deskUsername = 'res.desk',
): DeskAndBooking {
  const fixture = staffAppForTests(() => createBookingApp(now), {
    desk: { username: deskUsername, role: 'reservations' },
  }) as DeskAndBooking;
  beforeAll(async () => {
    fixture.made = await visitorBooking(fixture.t, rounds, playerTypeIds);
  });
  return fixture;
}

/** Ada Lovelace's paid booking of two at `time` (see insertPaidBooking): what a block or a window change must keep. */
export async function paidBookingAt(
  t: TestApp,
  courseId: number,
  date: string,
  time: string,
): Promise<{ id: number; bookingNumber: string }> {
  const db = t.database.db;
  return insertPaidBooking(db, { courseId, slotId: await slotIdAt(db, courseId, date, time), players: 2 });
}

/** The London times that the public diary of `courseId` offers on `date`: what visitors may book that day. */
export async function publicDiaryTimes(
  app: FastifyInstance,
  courseId: number,
  date: string,
): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/courses/${courseId}/diary?start_date=${date}`,
    headers: apiHeaders(),
  });
  expect(response.statusCode).toBe(200);
  return response
    .json()
    .data.filter((slot: { slot_date_time: string }) => slot.slot_date_time.startsWith(date))
    .map((slot: { slot_date_time: string }) => londonTime(new Date(slot.slot_date_time)));
}
