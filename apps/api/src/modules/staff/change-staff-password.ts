import type { StaffPasswordChangeRequest } from '@links/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validationFailed } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { clientAddressKey, clientNetworkKey } from '../../lib/rate-limit/client-key.ts';
import { recordAudit } from './audit-log.ts';
import { settleStaffSuccess, staffUsernameKey, takeStaffAttempt } from './staff-rate-limits.ts';
import { endStaffSessions, type SignedInStaff } from './staff-sessions.ts';
import { updateStaffUser } from './staff-users.repository.ts';

export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Your current password is not right.';

/**
 * A signed-in staff member changes their own password: the current one is checked under the sign-in limits (a
 * stolen session cannot guess it faster than a sign-in could), and every other session of the user ends.
 */
export async function changeStaffPassword(
  request: FastifyRequest,
  reply: FastifyReply,
  staff: SignedInStaff,
  body: StaffPasswordChangeRequest,
): Promise<void> {
  const { db, config, clock } = request.server;
  const keys = {
    account: staffUsernameKey(config.sessionSecret, staff.user.username),
    address: clientAddressKey(config.sessionSecret, request.ip),
    network: clientNetworkKey(config.sessionSecret, request.ip),
  };
  const attempt = await takeStaffAttempt(db, reply, 'password', keys);
  if (!(await verifyPassword(staff.user.passwordHash, body.current_password))) {
    throw validationFailed({ current_password: CURRENT_PASSWORD_WRONG_MESSAGE });
  }
  await settleStaffSuccess(db, attempt, 'password', keys);
  const passwordHash = await hashPassword(body.password);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await updateStaffUser(tx, staff.user.id, { passwordHash, passwordChangedAt: now, updatedAt: now });
    await endStaffSessions(tx, staff.user.id, staff.sessionKey);
    await recordAudit(tx, {
      actor: { staffUserId: staff.user.id },
      action: 'password_changed',
      target: { type: 'staff_user', id: staff.user.id },
      before: { password_changed_at: staff.user.passwordChangedAt.toISOString() },
      after: { password_changed_at: now.toISOString() },
      at: now,
    });
  });
}
