import { STAFF_ROLES, type StaffRole } from '@links/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, createTestApp, type TestApp, withCsrf } from '../../test/test-app.ts';
import { addOperator, type Browser, login, PASSWORD } from '../auth/test/auth-test-helpers.ts';
import { declaredStaffAccess } from './staff-guard.ts';
import { addStaffUser, sendFrom, staffSessionBrowser } from './test/staff-test-helpers.ts';

// Every /v1/staff route, found from the app itself (so a route added later is covered without a line here), is
// refused to visitors, signed-in tour operators, a staff session whose code is still pending, and every role it
// does not declare; and let through (past the guard) for the roles it does. Only the two sign-in steps are open
// more widely, and they are named here: a third such route fails this test until someone adds it on purpose.

const SIGN_IN_ROUTES = ['POST /v1/staff/session', 'POST /v1/staff/session/code'];

let t: TestApp;
const users = {} as Record<StaffRole, number>;
let operator: Browser;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) users[role] = (await addStaffUser(t, { username: `all.${role}`, role })).id;
  await addOperator(t.database.db);
  operator = (await login(t.app, 'fairway', PASSWORD)).after;
});
afterAll(async () => t?.close());

const staffRoutes = () => t.app.routeList.filter((route) => route.url.startsWith('/v1/staff'));

async function call(
  route: { method: string; url: string },
  browser: Browser,
): Promise<LightMyRequestResponse> {
  // An id no staff user has: a route that gets past the guard answers 400 or 404, never touching a real account.
  const url = route.url.replace(/:\w+/g, '999999');
  return sendFrom(t.app, browser, route.method as 'GET', url);
}

describe('every /v1/staff route', () => {
  it('declares its access, and only the two sign-in steps are open without a full staff session', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const open = routes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => {
        const access = declaredStaffAccess.get(key);
        expect(access, key).toBeDefined();
        return typeof access === 'string';
      });
    expect(open.sort()).toEqual([...SIGN_IN_ROUTES].sort());
  });

  it('refuses visitors, operators, half-signed-in staff and wrong roles; lets in the roles it declares', async () => {
    let checked = 0;
    for (const route of staffRoutes()) {
      const key = `${route.method} ${route.url}`;
      const access = declaredStaffAccess.get(key);
      if (typeof access !== 'object') continue;
      const visitor = await withCsrf(t.app);
      expect((await call(route, visitor)).statusCode, `${key} visitor`).toBe(401);
      expect((await call(route, operator)).statusCode, `${key} operator`).toBe(401);
      const half = await staffSessionBrowser(t, users.admin, 'password');
      expect((await call(route, half)).statusCode, `${key} admin with the code pending`).toBe(401);
      for (const role of STAFF_ROLES) {
        const allowed = role === 'admin' || access.roles.includes(role);
        const answer = await call(route, await staffSessionBrowser(t, users[role], 'full'));
        if (allowed) {
          expect([401, 403], `${key} ${role}: ${answer.body}`).not.toContain(answer.statusCode);
        } else {
          expect(answer.statusCode, `${key} ${role}`).toBe(403);
          expect(answer.json().error.code).toBe('staff_role_forbidden');
        }
      }
      checked += 1;
    }
    expect(checked).toBe(staffRoutes().length - SIGN_IN_ROUTES.length);
  });

  it('takes the code only from a half-signed-in staff session', async () => {
    const route = { method: 'POST', url: '/v1/staff/session/code' };
    const cases: Array<[string, Browser]> = [
      ['visitor', await withCsrf(t.app)],
      ['operator', operator],
      ['full staff session', await staffSessionBrowser(t, users.admin, 'full')],
    ];
    for (const [who, browser] of cases) {
      const answer = await t.app.inject({
        ...route,
        method: 'POST',
        headers: browser.headers,
        payload: { code: '123456' },
      });
      expect(answer.statusCode, who).toBe(401);
      expect(answer.json().error.code, who).toBe('sign_in_expired');
    }
  });

  it('is behind the request guard: no API key, no requested-with or no CSRF token is refused first', async () => {
    const browser = await staffSessionBrowser(t, users.admin, 'full');
    const noKey = await t.app.inject({
      method: 'GET',
      url: '/v1/staff/me',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: browser.cookie },
    });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error.code).toBe('api_key_invalid');
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/session',
      headers: { ...apiHeaders({ cookie: browser.cookie }), 'content-type': 'application/json' },
      payload: { username: 'all.admin', password: 'x' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe('csrf_invalid');
  });
});

describe('the staff routes in /v1/openapi.json', () => {
  it('carry their zod schemas: bodies, query parameters and answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: apiHeaders() });
    const paths = response.json().paths as Record<string, Record<string, Record<string, unknown>>>;
    const signIn = JSON.stringify(paths['/v1/staff/session']?.post);
    for (const field of ['"username"', '"password"', '"enrol"', '"otpauth_uri"', '"qr_svg"', '"csrfToken"']) {
      expect(signIn).toContain(field);
    }
    expect(JSON.stringify(paths['/v1/staff/session/code']?.post)).toContain('"code"');
    const audit = paths['/v1/staff/audit']?.get as { parameters: Array<{ name: string; in: string }> };
    expect(audit.parameters.map((parameter) => parameter.name).sort()).toEqual(
      ['action', 'from', 'page', 'page_size', 'staff_user_id', 'to'].sort(),
    );
    expect(JSON.stringify(paths['/v1/staff/users/{id}']?.patch)).toContain('"reservations"');
    expect(Object.keys(paths).filter((path) => path.startsWith('/v1/staff')).length).toBeGreaterThanOrEqual(
      7,
    );
  });
});
