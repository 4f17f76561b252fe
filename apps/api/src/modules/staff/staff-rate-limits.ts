import { createHmac } from 'node:crypto';
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

// Staff sign-in limits, in one place, shaped like the operator sign-in's (modules/auth/auth-rate-limits.ts) and in
// buckets of their own. Each step (password, code) takes one attempt under every rule BEFORE the argon2 or TOTP
// check, atomically (lib/rate-limit), so parallel guesses on any number of instances can never evaluate more than
// the limit. Failures count; a success clears the account's failures and gives the address and network their
// attempt back. A code has a million values and three are right at any time: 5 wrong codes per account in 15
// minutes and 20 a day leave a guesser about one chance in 17,000 a day, and the password must be known first.

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
const RULES: Record<StaffStep, ReturnType<typeof rules>> = {
  password: STAFF_PASSWORD_RULES,
  code: STAFF_CODE_RULES,
};

export type StaffLimitKeys = { account: string; address: string; network: string };

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

function accountKeys(step: StaffStep, keys: StaffLimitKeys): LimitedKey[] {
  return RULES[step].account.map((rule) => ({ rule, key: keys.account }));
}

function clientKeys(step: StaffStep, keys: StaffLimitKeys): LimitedKey[] {
  return [
    ...RULES[step].address.map((rule) => ({ rule, key: keys.address })),
    ...RULES[step].network.map((rule) => ({ rule, key: keys.network })),
  ];
}

export function staffThrottledMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `Too many unsuccessful sign-in attempts. Please wait ${wait} and try again, or ask an administrator.`;
}

/** Takes one attempt of `step` under every rule; 429 `login_throttled` with Retry-After when any is full. */
export async function takeStaffAttempt(
  db: DbOrTx,
  reply: FastifyReply,
  step: StaffStep,
  keys: StaffLimitKeys,
): Promise<AllowedAttempt> {
  const attempt = await takeAttempt(db, [...accountKeys(step, keys), ...clientKeys(step, keys)]);
  if (!attempt.allowed) {
    reply.header('retry-after', String(attempt.retryAfterSeconds));
    throw new AppError('login_throttled', 429, staffThrottledMessage(attempt.retryAfterSeconds));
  }
  return attempt;
}

/** The step succeeded: the account starts afresh, and the address and network get their attempt back. */
export async function settleStaffSuccess(
  db: DbOrTx,
  attempt: AllowedAttempt,
  step: StaffStep,
  keys: StaffLimitKeys,
): Promise<void> {
  for (const rule of RULES[step].account) await clearRateLimit(db, rule, keys.account);
  await refundAttempt(db, attempt, clientKeys(step, keys));
}
