import { type StaffUser, staffUserResponseSchema } from '@links/shared/schemas/staff';
import { http } from 'msw';
import { answer, v1 } from '@/test/api-server';

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
