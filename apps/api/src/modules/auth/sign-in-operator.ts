import type { LoginRequest } from '@links/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password-hash.ts';
import { clientAddressKey, clientNetworkKey } from '../../lib/rate-limit/client-key.ts';
import {
  findOperatorById,
  findOperatorByUsername,
  type Operator,
} from '../operators/operators.repository.ts';
import { settleLoginSuccess, takeLoginAttempt } from './auth-rate-limits.ts';
import { createOperatorSession, deleteSession } from './operator-sessions.ts';
import { usernameKey } from './secret-keys.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'The username or password you entered is incorrect.';
export const ACCOUNT_DISABLED_MESSAGE =
  'Your tour operator account has been disabled. Please contact the resort to have it reactivated.';

/**
 * Checks the credentials and starts a new session under a NEW session id (reply.issueSession rotates the cookie and
 * with it the XSRF token), so an id planted before sign-in never becomes authenticated. The new id has the operator
 * shape (isOperatorSessionId): only such ids are ever looked up as operator sessions.
 *
 * An unknown username costs the same argon2 work and gets the same 401 as a wrong password, and both count against
 * the same throttles, taken before the check (auth-rate-limits.ts). Only the holder of the right password learns that an account is disabled.
 */
export async function signInOperator(
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: LoginRequest,
): Promise<{ operator: Operator; user: Operator }> {
  const { db, config, clock } = request.server;
  const keys = {
    account: usernameKey(config.sessionSecret, credentials.username),
    address: clientAddressKey(config.sessionSecret, request.ip),
    network: clientNetworkKey(config.sessionSecret, request.ip),
  };
  const attempt = await takeLoginAttempt(db, reply, keys);

  const operator = await findOperatorByUsername(db, credentials.username);
  const valid = operator
    ? await verifyPassword(operator.passwordHash, credentials.password)
    : await verifyAgainstDummy(credentials.password);
  // A failure stays counted: it was taken before the check.
  if (!operator || !valid) throw new AppError('invalid_credentials', 401, INVALID_CREDENTIALS_MESSAGE);
  await settleLoginSuccess(db, attempt, keys);
  if (operator.status !== 'active') throw new AppError('account_disabled', 403, ACCOUNT_DISABLED_MESSAGE);
  // A colleague books on their company's terms; the company row is the one that holds them.
  const company = operator.companyId === null ? operator : await findOperatorById(db, operator.companyId);
  if (company?.status !== 'active') throw new AppError('account_disabled', 403, ACCOUNT_DISABLED_MESSAGE);

  const previousSessionId = request.sessionId;
  const sessionId = reply.issueSession('operator');
  await db.transaction(async (tx) => {
    // Signing in again from the same browser replaces that browser's earlier session rather than leaving it live.
    if (previousSessionId) await deleteSession(tx, previousSessionId);
    await createOperatorSession(tx, sessionId, operator.id, clock.now());
  });
  return { operator: company, user: operator };
}
