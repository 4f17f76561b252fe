import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type AllowedAttempt,
  clearRateLimit,
  type LimitedKey,
  type RateLimitRule,
  refundAttempt,
  takeAttempt,
} from '../../lib/rate-limit/rate-limiter.ts';

// Every sign-in and reset limit, in one place. All counters live in rate_limit_counters (shared by instances).
//
// Sign-in counts FAILURES per account, per address and per network in two tiers each (a short window, then a
// day-long one for a persistent guesser). Each attempt is taken under every rule BEFORE the password is checked
// (so parallel guesses can never evaluate more than the limit); a success clears the account's failures and gives
// the attempt back to the address and the network, so honest sign-ins behind one address never use them up. The reset flow has buckets of its own and never reads the sign-in ones, so an attacker who
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

/** Every address of one network (IPv4 /24, IPv6 /64) together: a guesser rotating addresses within it. */
export const LOGIN_NETWORK_RULES: readonly RateLimitRule[] = [
  { bucket: 'login-failures-network', max: 60, windowSeconds: 15 * 60 },
  { bucket: 'login-failures-network-day', max: 300, windowSeconds: 24 * 60 * 60 },
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

export type LoginKeys = { account: string; address: string; network: string };

function accountKeys(keys: LoginKeys): LimitedKey[] {
  return LOGIN_ACCOUNT_RULES.map((rule) => ({ rule, key: keys.account }));
}

function clientKeys(keys: LoginKeys): LimitedKey[] {
  return [
    ...LOGIN_ADDRESS_RULES.map((rule) => ({ rule, key: keys.address })),
    ...LOGIN_NETWORK_RULES.map((rule) => ({ rule, key: keys.network })),
  ];
}

export function loginThrottledMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `Too many unsuccessful sign-in attempts. Please wait ${wait} and try again, or reset your password.`;
}

/**
 * Takes one sign-in attempt under every account, address and network rule, before the password is checked; throws
 * 429 `login_throttled` with Retry-After when any of them is full (the password, right or wrong, is then never
 * checked).
 */
export async function takeLoginAttempt(
  db: DbOrTx,
  reply: FastifyReply,
  keys: LoginKeys,
): Promise<AllowedAttempt> {
  const attempt = await takeAttempt(db, [...accountKeys(keys), ...clientKeys(keys)]);
  if (!attempt.allowed) {
    reply.header('retry-after', String(attempt.retryAfterSeconds));
    throw new AppError('login_throttled', 429, loginThrottledMessage(attempt.retryAfterSeconds));
  }
  return attempt;
}

/** The password was right: the account starts afresh, and the address and network get their attempt back. */
export async function settleLoginSuccess(
  db: DbOrTx,
  attempt: AllowedAttempt,
  keys: LoginKeys,
): Promise<void> {
  await clearLoginFailures(db, keys.account);
  await refundAttempt(db, attempt, clientKeys(keys));
}

/** Clears the account's failure counters (sign-in succeeded, or the password was reset). */
export async function clearLoginFailures(db: DbOrTx, accountKey: string): Promise<void> {
  for (const rule of LOGIN_ACCOUNT_RULES) await clearRateLimit(db, rule, accountKey);
}
