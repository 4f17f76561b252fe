import type { StaffCodeRequest, StaffSignInAnswer, StaffSignInRequest } from '@links/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password-hash.ts';
import { clientAddressKey, clientNetworkKey } from '../../lib/rate-limit/client-key.ts';
import { isStaffSessionId } from '../../lib/session-token.ts';
import { recordAudit } from './audit-log.ts';
import { enrolmentAnswer, issuePendingFactor, readFactorSecret } from './staff-factor.ts';
import { settleStaffSuccess, staffUsernameKey, takeStaffAttempt } from './staff-rate-limits.ts';
import {
  createStaffSession,
  deleteStaffSession,
  endStaffSessions,
  type SignedInStaff,
} from './staff-sessions.ts';
import { claimTotpStep, findStaffUserByUsername, type StaffUserRow } from './staff-users.repository.ts';
import { matchTotpStep, totpUri } from './totp.ts';

// Staff sign-in in two steps, each under its own limits taken before its check (staff-rate-limits.ts):
//   1. POST /v1/staff/session {username, password}: a right password opens a 'password' stage session under a NEW
//      id (5 minutes) and answers {stage: 'code'}, or, with no confirmed factor yet, {stage: 'enrol'} with a secret.
//   2. POST /v1/staff/session/code {code}: a right code, of a time step not used before, ends the password stage and
//      opens a 'full' session under another new id.
// Wrong username, wrong password and wrong code all answer the same 401, and an unknown username costs the same
// argon2 work, so neither the answer nor its timing tells whether an account exists.

export const STAFF_INVALID_CREDENTIALS_MESSAGE = 'The username, password or code you entered is incorrect.';
export const STAFF_ACCOUNT_DISABLED_MESSAGE =
  'Your staff account has been disabled. Please ask an administrator to reactivate it.';

const invalidCredentials = () => new AppError('invalid_credentials', 401, STAFF_INVALID_CREDENTIALS_MESSAGE);

function limitKeys(request: FastifyRequest, username: string) {
  const { sessionSecret } = request.server.config;
  return {
    account: staffUsernameKey(sessionSecret, username),
    address: clientAddressKey(sessionSecret, request.ip),
    network: clientNetworkKey(sessionSecret, request.ip),
  };
}

export async function signInStaffWithPassword(
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: StaffSignInRequest,
): Promise<StaffSignInAnswer> {
  const { db, config, clock } = request.server;
  const keys = limitKeys(request, credentials.username);
  const attempt = await takeStaffAttempt(db, reply, 'password', keys);

  const user = await findStaffUserByUsername(db, credentials.username);
  const valid = user
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await verifyAgainstDummy(credentials.password);
  const now = clock.now();
  if (!user || !valid) {
    // Whoever typed it is not known: the account named (when there is one) is the target, not the actor.
    await recordAudit(db, {
      actor: 'anonymous',
      action: 'sign_in_failed',
      ...(user && { target: { type: 'staff_user', id: user.id } }),
      after: { step: 'password' },
      at: now,
    });
    throw invalidCredentials();
  }
  await settleStaffSuccess(db, attempt, 'password', keys);
  if (user.status !== 'active') {
    throw new AppError('account_disabled', 403, STAFF_ACCOUNT_DISABLED_MESSAGE);
  }

  const previousSessionId = request.sessionId;
  const sessionId = reply.issueSession('staff');
  const enrolment = await db.transaction(async (tx) => {
    if (previousSessionId && isStaffSessionId(previousSessionId))
      await deleteStaffSession(tx, previousSessionId);
    await createStaffSession(tx, sessionId, user.id, 'password', now);
    if (user.factorConfirmedAt !== null) return null;
    // Not enrolled yet: show the pending secret (the one the command line printed), or issue one.
    const pending = readFactorSecret(config, user);
    return pending === null
      ? issuePendingFactor(tx, config, user, now)
      : { secret: pending, otpauthUri: totpUri(pending, user.username) };
  });
  return enrolment === null ? { stage: 'code' } : enrolmentAnswer(enrolment);
}

/** `pending`: the password-stage session the guard found (staff-guard.ts). */
export async function submitStaffCode(
  request: FastifyRequest,
  reply: FastifyReply,
  pending: SignedInStaff,
  { code }: StaffCodeRequest,
): Promise<StaffUserRow> {
  const { db, config, clock } = request.server;
  const now = clock.now();
  const { user } = pending;
  const keys = limitKeys(request, user.username);
  const attempt = await takeStaffAttempt(db, reply, 'code', keys);

  const secret = readFactorSecret(config, user);
  const step = secret === null ? null : matchTotpStep(secret, code, now);
  const previousSessionId = request.sessionId as string;
  const signedIn = await db.transaction(async (tx) => {
    // The step is claimed in the transaction that opens the session: a code used once is never good again.
    if (step === null || !(await claimTotpStep(tx, user.id, step, now))) return false;
    // Only now a new id (and cookies): a refused code leaves the browser its password-stage session.
    const sessionId = reply.issueSession('staff');
    await deleteStaffSession(tx, previousSessionId);
    if (user.factorConfirmedAt === null) {
      // A factor change: every other session of the user ends.
      await endStaffSessions(tx, user.id);
      await recordAudit(tx, {
        actor: { staffUserId: user.id },
        action: 'factor_enrolled',
        target: { type: 'staff_user', id: user.id },
        before: { factor_enrolled: false },
        after: { factor_enrolled: true },
        at: now,
      });
    }
    await createStaffSession(tx, sessionId, user.id, 'full', now);
    await recordAudit(tx, { actor: { staffUserId: user.id }, action: 'sign_in', at: now });
    return true;
  });
  if (!signedIn) {
    // The password was right, so the account is the actor here; a wrong code and a used one look alike.
    await recordAudit(db, {
      actor: { staffUserId: user.id },
      action: 'sign_in_failed',
      target: { type: 'staff_user', id: user.id },
      after: { step: 'code' },
      at: now,
    });
    throw invalidCredentials();
  }
  await settleStaffSuccess(db, attempt, 'code', keys);
  return { ...user, factorConfirmedAt: user.factorConfirmedAt ?? now };
}

export const PASSWORD_STAGE_MISSING_MESSAGE =
  'Your sign-in has expired. Please enter your username and password again.';

export function passwordStageMissing(): AppError {
  return new AppError('sign_in_expired', 401, PASSWORD_STAGE_MISSING_MESSAGE);
}
