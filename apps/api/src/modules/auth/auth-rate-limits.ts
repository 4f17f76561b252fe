import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { AllowedAttempt, RateLimitRule } from '../../lib/rate-limit/rate-limiter.ts';
import {
  clearSignInFailures,
  type SignInKeys,
  type SignInRules,
  settleSignInSuccess,
  takeSignInAttempt,
} from '../../lib/rate-limit/sign-in-limits.ts';

// Every sign-in and reset limit, in one place. All counters live in rate_limit_counters (shared by instances).
//
// Sign-in counts FAILURES per account, per address and per network in two tiers each (a short window, then a day-long
// one for a persistent guesser), through the shared sign-in limit (lib/rate-limit/sign-in-limits.ts). The reset flow
// has buckets of its own and never reads the sign-in ones, so an attacker who locks an account's sign-in cannot stop
// its owner from resetting the password; a successful reset clears the account's sign-in lock. Forgot-password is
// limited per address (429) and, silently, in e-mails per account: earlier links stay valid, so an attacker who
// exhausts the account's e-mails has not cut the owner off.

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

export const LOGIN_RULES: SignInRules = {
  account: LOGIN_ACCOUNT_RULES,
  address: LOGIN_ADDRESS_RULES,
  network: LOGIN_NETWORK_RULES,
};

/**
 * Takes one sign-in attempt under every account, address and network rule, before the password is checked
 * (lib/rate-limit/sign-in-limits.ts): 429 `login_throttled` when any of them is full.
 */
export function takeLoginAttempt(db: DbOrTx, reply: FastifyReply, keys: SignInKeys): Promise<AllowedAttempt> {
  return takeSignInAttempt(db, reply, LOGIN_RULES, keys, 'or reset your password');
}

/** The password was right: the account starts afresh, and the address and network get their attempt back. */
export function settleLoginSuccess(db: DbOrTx, attempt: AllowedAttempt, keys: SignInKeys): Promise<void> {
  return settleSignInSuccess(db, attempt, LOGIN_RULES, keys);
}

/** Clears the account's failure counters (sign-in succeeded, or the password was reset). */
export function clearLoginFailures(db: DbOrTx, accountKey: string): Promise<void> {
  return clearSignInFailures(db, LOGIN_RULES, accountKey);
}
