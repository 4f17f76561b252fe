import { createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { AllowedAttempt, RateLimitRule } from '../../lib/rate-limit/rate-limiter.ts';
import {
  type SignInKeys,
  type SignInRules,
  settleSignInSuccess,
  takeSignInAttempt,
} from '../../lib/rate-limit/sign-in-limits.ts';

// Staff sign-in limits: the shared sign-in limit (lib/rate-limit/sign-in-limits.ts) with buckets of their own. Each
// step (password, code) takes one attempt under every rule BEFORE the argon2 or TOTP check, atomically, so parallel
// guesses on any number of instances can never evaluate more than the limit. Failures count; a success clears the
// account's failures and gives the address and network their attempt back. A code has a million values and three are
// right at any time: 5 wrong codes per account in 15 minutes and 20 a day leave a guesser about one chance in 17,000
// a day, and the password must be known first.

export type StaffStep = 'password' | 'code';

function rules(step: StaffStep) {
  const prefix = `staff-${step}-failures`;
  return {
    account: [
      { bucket: `${prefix}-account`, max: 5, windowSeconds: 15 * 60 },
      { bucket: `${prefix}-account-day`, max: 20, windowSeconds: 24 * 60 * 60 },
    ],
    address: [
      { bucket: `${prefix}-address`, max: 20, windowSeconds: 15 * 60 },
      { bucket: `${prefix}-address-day`, max: 100, windowSeconds: 24 * 60 * 60 },
    ],
    network: [
      { bucket: `${prefix}-network`, max: 60, windowSeconds: 15 * 60 },
      { bucket: `${prefix}-network-day`, max: 300, windowSeconds: 24 * 60 * 60 },
    ],
  } satisfies Record<string, RateLimitRule[]>;
}

export const STAFF_PASSWORD_RULES = rules('password');
export const STAFF_CODE_RULES = rules('code');
const RULES: Record<StaffStep, SignInRules> = {
  password: STAFF_PASSWORD_RULES,
  code: STAFF_CODE_RULES,
};

export type StaffLimitKeys = SignInKeys;

/**
 * Rate-limit key for a staff username: a keyed hash of its lower-case form, so counters neither store usernames nor
 * differ by case, and unknown usernames are counted exactly like real ones.
 */
export function staffUsernameKey(secret: string, username: string): string {
  return createHmac('sha256', secret)
    .update(`staff-username:${username.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 32);
}

/** Takes one attempt of `step` under every rule, before its check; 429 `login_throttled` when any is full. */
export function takeStaffAttempt(
  db: DbOrTx,
  reply: FastifyReply,
  step: StaffStep,
  keys: StaffLimitKeys,
): Promise<AllowedAttempt> {
  return takeSignInAttempt(db, reply, RULES[step], keys, 'or ask an administrator');
}

/** The step succeeded: the account starts afresh, and the address and network get their attempt back. */
export function settleStaffSuccess(
  db: DbOrTx,
  attempt: AllowedAttempt,
  step: StaffStep,
  keys: StaffLimitKeys,
): Promise<void> {
  return settleSignInSuccess(db, attempt, RULES[step], keys);
}
