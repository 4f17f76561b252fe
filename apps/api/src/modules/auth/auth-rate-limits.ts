import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  clearRateLimit,
  hitRateLimit,
  type RateLimitRule,
  rateLimitLockedForSeconds,
} from '../../lib/rate-limit/rate-limiter.ts';

// Every sign-in and reset limit, in one place. All counters live in rate_limit_counters (shared by instances).
//
// Sign-in counts FAILURES per account and per address in two tiers (a short lock, then a day-long one for a
// persistent guesser). The reset flow has buckets of its own and never reads the sign-in ones, so an attacker who
// locks an account's sign-in cannot stop its owner from resetting the password; a successful reset clears the
// account's sign-in lock. Forgot-password is limited per address (429) and, silently, in e-mails per account:
// earlier links stay valid, so an attacker who exhausts the account's e-mails has not cut the owner off.

export const LOGIN_ACCOUNT_RULES: readonly RateLimitRule[] = [
  { bucket: 'login-failures-account', max: 5, windowSeconds: 15 * 60 },
  { bucket: 'login-failures-account-day', max: 20, windowSeconds: 24 * 60 * 60 },
];

export const LOGIN_ADDRESS_RULES: readonly RateLimitRule[] = [
  { bucket: 'login-failures-address', max: 20, windowSeconds: 15 * 60 },
  { bucket: 'login-failures-address-day', max: 100, windowSeconds: 24 * 60 * 60 },
];

export const FORGOT_PASSWORD_ADDRESS_RULE: RateLimitRule = {
  bucket: 'forgot-password-address',
  max: 10,
  windowSeconds: 15 * 60,
};
export const FORGOT_PASSWORD_ACCOUNT_RULE: RateLimitRule = {
  bucket: 'forgot-password-account',
  max: 5,
  windowSeconds: 60 * 60,
};
export const VALIDATE_TOKEN_ADDRESS_RULE: RateLimitRule = {
  bucket: 'reset-validate-address',
  max: 30,
  windowSeconds: 15 * 60,
};
export const RESET_ADDRESS_RULE: RateLimitRule = { bucket: 'reset-address', max: 10, windowSeconds: 15 * 60 };

export type LoginKeys = { account: string; address: string };

function ruleKeys(keys: LoginKeys): Array<[RateLimitRule, string]> {
  return [
    ...LOGIN_ACCOUNT_RULES.map((rule): [RateLimitRule, string] => [rule, keys.account]),
    ...LOGIN_ADDRESS_RULES.map((rule): [RateLimitRule, string] => [rule, keys.address]),
  ];
}

export function loginThrottledMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `Too many unsuccessful sign-in attempts. Please wait ${wait} and try again, or reset your password.`;
}

/** Throws 429 `login_throttled` with Retry-After while the account or the address is locked. */
export async function assertLoginAllowed(db: DbOrTx, reply: FastifyReply, keys: LoginKeys): Promise<void> {
  let seconds = 0;
  for (const [rule, key] of ruleKeys(keys))
    seconds = Math.max(seconds, await rateLimitLockedForSeconds(db, rule, key));
  if (seconds > 0) {
    reply.header('retry-after', String(seconds));
    throw new AppError('login_throttled', 429, loginThrottledMessage(seconds));
  }
}

export async function recordLoginFailure(db: DbOrTx, keys: LoginKeys): Promise<void> {
  for (const [rule, key] of ruleKeys(keys)) await hitRateLimit(db, rule, key);
}

/** Clears the account's failure counters (sign-in succeeded, or the password was reset). */
export async function clearLoginFailures(db: DbOrTx, accountKey: string): Promise<void> {
  for (const rule of LOGIN_ACCOUNT_RULES) await clearRateLimit(db, rule, accountKey);
}
