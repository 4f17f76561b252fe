import type { StaffRole } from '@links/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/app-error.ts';
import { passwordStageMissing } from './sign-in-staff.ts';
import { findStaffSession, type SignedInStaff } from './staff-sessions.ts';

// Who may call a /v1/staff route is declared once, on the route (`config.staffAccess`), and enforced here by one
// onRequest hook of the staff plugin, after the request guard (API key, requested-with, CSRF) and before the body
// is validated. A staff route without a declaration fails closed (500), and staff-routes-access.api.test.ts walks
// every /v1/staff route, so a route added later is covered without anyone writing a test for it.

/**
 * - `{ roles }`: a full staff session whose user has one of `roles`. admin may do everything, so it is always let in.
 * - `'sign-in'`: no staff session needed (POST /v1/staff/session only).
 * - `'password-stage'`: the session the right password opened, code still pending (POST /v1/staff/session/code).
 */
export type StaffAccess = { roles: readonly StaffRole[] } | 'sign-in' | 'password-stage';

export const ANY_STAFF_ROLE: readonly StaffRole[] = ['admin', 'reservations', 'starter'];

declare module 'fastify' {
  interface FastifyContextConfig {
    staffAccess?: StaffAccess;
  }
}

export const STAFF_SIGNED_OUT_MESSAGE = 'Please sign in to the staff area to do that.';
export const STAFF_ROLE_MESSAGE = 'Your staff role does not allow that.';

const signedInStaff = new WeakMap<FastifyRequest, SignedInStaff>();

/** What each staff route declared, by `METHOD /url` (the access test reads it to know the sign-in routes). */
export const declaredStaffAccess = new Map<string, StaffAccess>();

/** The staff member the guard let in (routes with `roles` or `'password-stage'`). */
export function staffOf(request: FastifyRequest): SignedInStaff {
  const staff = signedInStaff.get(request);
  if (!staff) throw unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  return staff;
}

export function registerStaffGuard(app: FastifyInstance): void {
  // A route without a declaration stops the app from starting, rather than waiting for a request to find out.
  app.addHook('onRoute', (route) => {
    const declared = route.config?.staffAccess;
    if (declared === undefined) throw new Error(`${route.url} declares no config.staffAccess`);
    for (const method of [route.method].flat()) declaredStaffAccess.set(`${method} ${route.url}`, declared);
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.staffAccess;
    if (access === undefined) throw new Error(`${request.routeOptions.url} declares no staffAccess`);
    if (access === 'sign-in') return;
    const { db, clock } = request.server;
    if (access === 'password-stage') {
      const pending = await findStaffSession(db, request.sessionId, 'password', clock.now());
      if (!pending) throw passwordStageMissing();
      signedInStaff.set(request, pending);
      return;
    }
    const staff = await findStaffSession(db, request.sessionId, 'full', clock.now());
    if (!staff) throw unauthorized(STAFF_SIGNED_OUT_MESSAGE, 'staff_unauthorized');
    if (staff.user.role !== 'admin' && !access.roles.includes(staff.user.role)) {
      throw forbidden(STAFF_ROLE_MESSAGE, 'staff_role_forbidden');
    }
    signedInStaff.set(request, staff);
  });
}
