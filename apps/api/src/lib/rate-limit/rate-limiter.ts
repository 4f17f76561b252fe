import type { ApiErrorCode } from '@links/shared/schemas/envelope';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';
import { defineStatement, type Queryable, runStatement } from '../../db/statements.ts';
import { AppError } from '../app-error.ts';

export type RateLimitRule = {
  /** What is limited, e.g. 'booking-create'. */
  bucket: string;
  /** Attempts allowed within any window of `windowSeconds` (a sliding window, not a fixed one). */
  max: number;
  windowSeconds: number;
};

/** One rule applied to one key (an address, a network, an account, a booking number ...). */
export type LimitedKey = { rule: RateLimitRule; key: string };

export type AllowedAttempt = {
  allowed: true;
  /** The instant the attempt was counted at, exactly as stored (database text): what a refund gives back. */
  takenAt: string;
};
export type RefusedAttempt = {
  allowed: false;
  /** Whole seconds until every refusing rule has room again (at least 1). */
  retryAfterSeconds: number;
  /** The buckets whose window was full. */
  refusedBuckets: string[];
};
export type AttemptResult = AllowedAttempt | RefusedAttempt;

/**
 * `rate_limit_take` and `rate_limit_refund` (migration 0010): one statement each, whatever the number of rules, so
 * an attempt is counted under all its rules or none, atomically, on every instance at once.
 */
export const rateLimitStatements = {
  take: defineStatement(
    sql`select allowed, retry_after_seconds, refused_buckets, taken_at::text from rate_limit_take(${sql.placeholder('buckets')}::text[], ${sql.placeholder('keys')}::text[], ${sql.placeholder('max')}::integer[], ${sql.placeholder('windows')}::integer[])`,
  ),
  refund: defineStatement(
    sql`select rate_limit_refund(${sql.placeholder('buckets')}::text[], ${sql.placeholder('keys')}::text[], ${sql.placeholder('takenAt')}::timestamptz)`,
  ),
};

/** The values of `rateLimitStatements.take` for these keys. */
export function takeValues(keys: readonly LimitedKey[]): Record<string, unknown> {
  return {
    buckets: keys.map(({ rule }) => rule.bucket),
    keys: keys.map(({ key }) => key),
    max: keys.map(({ rule }) => Math.floor(rule.max)),
    windows: keys.map(({ rule }) => Math.floor(rule.windowSeconds)),
  };
}

/**
 * Takes one attempt under every rule of `keys` BEFORE the work the rules guard (a password check, a PIN check, a
 * booking), so that parallel requests on any number of instances can never evaluate more than the limit: each waits
 * for the previous one's row lock, and one whose window is full counts nothing and is refused. Windows slide: at most
 * `max` attempts in any `windowSeconds`, with no fresh burst at a boundary.
 */
export async function takeAttempt(db: Queryable, keys: readonly LimitedKey[]): Promise<AttemptResult> {
  const [row] = await runStatement(db, rateLimitStatements.take, takeValues(keys));
  if (!row) throw new Error('rate_limit_take returned no row.');
  if (row[0] === true) return { allowed: true, takenAt: String(row[3]) };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Number(row[1])),
    refusedBuckets: (row[2] as string[] | null) ?? [],
  };
}

/**
 * Gives an allowed attempt back under `keys` (a subset of those it was taken under): for limits that count only
 * failures, once the attempt turned out to succeed. Concurrent attempts were still held back while it ran.
 */
export async function refundAttempt(
  db: Queryable,
  attempt: AllowedAttempt,
  keys: readonly LimitedKey[],
): Promise<void> {
  if (keys.length === 0) return;
  await runStatement(db, rateLimitStatements.refund, {
    buckets: keys.map(({ rule }) => rule.bucket),
    keys: keys.map(({ key }) => key),
    takenAt: attempt.takenAt,
  });
}

export const RATE_LIMITED_MESSAGE =
  'You have made too many requests. Please wait a few minutes and try again.';

/** Sets Retry-After and answers 429 with `code` and `message`. */
export function refuse(
  reply: FastifyReply,
  attempt: RefusedAttempt,
  code: ApiErrorCode,
  message: string,
): AppError {
  reply.header('retry-after', String(attempt.retryAfterSeconds));
  return new AppError(code, 429, message);
}

/**
 * Counts the attempt under `rule` and, over the limit, sets Retry-After and throws 429 `rate_limited` (the error
 * handler keeps headers already set on the reply).
 */
export async function enforceRateLimit(
  db: Queryable,
  reply: FastifyReply,
  rule: RateLimitRule,
  key: string,
  message = RATE_LIMITED_MESSAGE,
): Promise<void> {
  const attempt = await takeAttempt(db, [{ rule, key }]);
  if (!attempt.allowed) throw refuse(reply, attempt, 'rate_limited', message);
}

/** Deletes counters with no attempt counted for `olderThanSeconds` (default one day, the longest window). */
export async function purgeRateLimitCounters(db: DbOrTx, olderThanSeconds = 86_400): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(
      sql`${rateLimitCounters.updatedAt} < now() - ${sql.raw(`interval '${Math.floor(olderThanSeconds)} seconds'`)}`,
    )
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}

/** Forgets `key`'s attempts under `rule` (for example an account's failures after a successful sign-in). */
export async function clearRateLimit(db: DbOrTx, rule: RateLimitRule, key: string): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, rule.bucket), eq(rateLimitCounters.key, key)));
}
