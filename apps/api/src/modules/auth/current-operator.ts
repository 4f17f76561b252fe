import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/app-error.ts';
import { findSignedInOperator, type SignedInOperator } from './operator-sessions.ts';

export const SIGNED_OUT_MESSAGE = 'You need to sign in as a tour operator to do that.';

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
