import type { StaffRole } from '@links/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
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
import { apiHeaders, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { type Browser, browserFrom } from '../../auth/test/auth-test-helpers.ts';
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

/** A staff API call from `browser`: a GET sends its cookie only, any other method its CSRF headers too. */
export function sendFrom(
  app: FastifyInstance,
  browser: Browser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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

/** A fresh app whose enrolled admin 'club.admin' is signed in on `adminBrowser`. */
export async function appWithSignedInAdmin(): Promise<{
  t: TestApp;
  admin: TestStaffUser;
  adminBrowser: Browser;
}> {
  const t = await createTestApp();
  const admin = await addStaffUser(t, { username: 'club.admin', role: 'admin' });
  return { t, admin, adminBrowser: await signInStaff(t, admin) };
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

/** A browser holding a staff session made directly in the database (no sign-in, no rate limits, no code). */
/**
 * One instance of a two-instance test (twoInstancesOnOneDatabase) in the shape these helpers take: its app, clock and
 * config, on the shared database.
 */
export function onInstance(app: FastifyInstance, database: Database): TestApp {
  return { app, database, config: app.config, clock: app.clock } as unknown as TestApp;
}

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
