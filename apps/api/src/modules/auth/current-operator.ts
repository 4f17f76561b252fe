import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { findSignedInOperator, type SignedInOperator } from './operator-sessions.ts';

export const SIGNED_OUT_MESSAGE = 'You need to sign in as a tour operator to do that.';
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'Please choose your own password on your account page before you book: the one you were given works only until then.';

/** The signed-in operator of this request, or null for visitors. For routes that serve both. */
export function currentOperator(request: FastifyRequest): Promise<SignedInOperator | null> {
  const { server } = request;
  return findSignedInOperator(server.db, request.sessionId, server.clock.now());
}

/** The signed-in operator, or 401 `unauthorized`. For operator-only routes. */
export async function requireOperator(request: FastifyRequest): Promise<SignedInOperator> {
  const signedIn = await currentOperator(request);
  if (!signedIn) throw unauthorized(SIGNED_OUT_MESSAGE);
  return signedIn;
}

/**
 * The signed-in operator a booking is made for, or null for a visitor. An operator still on the password the resort
 * set (operator CLI) is refused with 403 `password_change_required` until they choose their own (issue 24).
 */
export async function bookingOperator(request: FastifyRequest): Promise<SignedInOperator | null> {
  const signedIn = await currentOperator(request);
  if (signedIn?.user.passwordMustChange) {
    throw new AppError('password_change_required', 403, PASSWORD_CHANGE_REQUIRED_MESSAGE);
  }
  return signedIn;
}
