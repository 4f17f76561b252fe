import type { StaffUser } from '@links/shared';
import type { StaffUserRow } from './staff-users.repository.ts';

/** A staff user as the API answers it: never the password hash, never the factor secret. */
export function staffUserView(user: StaffUserRow): StaffUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    factor_enrolled: user.factorConfirmedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}
