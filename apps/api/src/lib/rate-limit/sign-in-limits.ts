import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../app-error.ts';
import {
  type AllowedAttempt,
  clearRateLimit,
  type LimitedKey,
  type RateLimitRule,
  refundAttempt,
  takeAttempt,
} from './rate-limiter.ts';

// The sign-in limit, one mechanism for the operator sign-in (modules/auth) and both staff steps (modules/staff), each
// with buckets of its own. FAILURES are counted per account, per address and per network (tiers of windows each).
// An attempt is taken under every rule BEFORE the password or code is checked, atomically, so parallel guesses on
// any number of instances never evaluate more than the limit; a success clears the account's failures and gives the
// address and the network their attempt back, so honest sign-ins behind one address never use them up.

export type SignInRules = {
  account: readonly RateLimitRule[];
  address: readonly RateLimitRule[];
  /** Every address of one network (IPv4 /24, IPv6 /64) together: a guesser rotating addresses within it. */
  network: readonly RateLimitRule[];
};

export type SignInKeys = { account: string; address: string; network: string };

function accountKeys(rules: SignInRules, keys: SignInKeys): LimitedKey[] {
  return rules.account.map((rule) => ({ rule, key: keys.account }));
}

function clientKeys(rules: SignInRules, keys: SignInKeys): LimitedKey[] {
  return [
    ...rules.address.map((rule) => ({ rule, key: keys.address })),
    ...rules.network.map((rule) => ({ rule, key: keys.network })),
  ];
}

/** 'Too many unsuccessful sign-in attempts. Please wait 15 minutes and try again, {then}.' */
export function signInThrottledMessage(seconds: number, then: string): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `Too many unsuccessful sign-in attempts. Please wait ${wait} and try again, ${then}.`;
}

/**
 * Takes one attempt under every rule; throws 429 `login_throttled` with Retry-After (and `then` as the way out) when
 * any of them is full, so the password or code, right or wrong, is then never checked.
 */
export async function takeSignInAttempt(
  db: DbOrTx,
  reply: FastifyReply,
  rules: SignInRules,
  keys: SignInKeys,
  then: string,
): Promise<AllowedAttempt> {
  const attempt = await takeAttempt(db, [...accountKeys(rules, keys), ...clientKeys(rules, keys)]);
  if (!attempt.allowed) {
    reply.header('retry-after', String(attempt.retryAfterSeconds));
    throw new AppError('login_throttled', 429, signInThrottledMessage(attempt.retryAfterSeconds, then));
  }
  return attempt;
}

/** Clears the account's failure counters. */
export async function clearSignInFailures(db: DbOrTx, rules: SignInRules, accountKey: string): Promise<void> {
  for (const rule of rules.account) await clearRateLimit(db, rule, accountKey);
}

/** The check succeeded: the account starts afresh, and the address and network get their attempt back. */
export async function settleSignInSuccess(
  db: DbOrTx,
  attempt: AllowedAttempt,
  rules: SignInRules,
  keys: SignInKeys,
): Promise<void> {
  await clearSignInFailures(db, rules, keys.account);
  await refundAttempt(db, attempt, clientKeys(rules, keys));
}
