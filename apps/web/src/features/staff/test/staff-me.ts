import { type StaffUser, staffUserResponseSchema } from '@links/shared/schemas/staff';
import { http, type RequestHandler } from 'msw';
import { beforeAll, beforeEach } from 'vitest';
import { answer, type Received, useApiServer, v1 } from '@/test/api-server';

/** The signed-in admin of the staff area's tests, as GET /v1/staff/me answers it. */
export const TEST_STAFF_ADMIN: StaffUser = {
  id: 1,
  username: 'admin',
  name: 'Alex Admin',
  email: 'alex@example.com',
  role: 'admin',
  status: 'active',
  factor_enrolled: true,
  created_at: '2026-11-01T09:00:00Z',
};

/**
 * GET /v1/staff/me for a signed-in staff user: the test admin, with the fields given in place of its own (read at
 * each call when given as a function, for tests that change the role between renders).
 */
export const staffMe = (user: Partial<StaffUser> | (() => Partial<StaffUser>) = {}) =>
  http.get(v1('/staff/me'), () =>
    answer(staffUserResponseSchema, {
      data: { ...TEST_STAFF_ADMIN, ...(typeof user === 'function' ? user() : user) },
    }),
  );

/**
 * A staff page test's API server: the staff routes are loaded once (a large chunk, so its own time), and before each
 * test the given request lists are emptied, `reset` puts the test's data back, the API client's CSRF cookie is set
 * and `handlers` answer the page's calls.
 */
export function useStaffServer({
  received = [],
  reset,
  handlers = () => [],
}: {
  received?: Received[][];
  reset?: () => void;
  handlers?: () => RequestHandler[];
}) {
  const server = useApiServer();
  beforeAll(async () => {
    await import('@/app/routes/staff');
  }, 60_000);
  beforeEach(() => {
    for (const list of received) list.length = 0;
    reset?.();
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=test-token';
    server.use(...handlers());
  });
  return server;
}
