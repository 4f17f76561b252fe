import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';
import { defineStatement, perKey, runStatement } from '../../db/statements.ts';
import { AppError } from '../app-error.ts';

export type RateLimitRule = {
  /** What is limited, e.g. 'booking-create'. */
  bucket: string;
  /** Hits allowed per window. */
  max: number;
  windowSeconds: number;
};

export type RateLimitResult = {
  allowed: boolean;
  hits: number;
  /** Whole seconds until the current window ends (at least 1). */
  retryAfterSeconds: number;
};

/** The rule's window length and the start of the current window, aligned on the database clock. */
function windowOf(rule: Pick<RateLimitRule, 'windowSeconds'>) {
  const window = sql.raw(`interval '${Math.floor(rule.windowSeconds)} seconds'`);
  return { window, windowStart: sql`date_bin(${window}, now(), timestamptz '2000-01-01 00:00:00+00')` };
}

/**
 * Counts one hit for `key` in a fixed window aligned on the database clock (every instance shares it) and says
 * whether it is within the limit. One atomic upsert: concurrent hits from several instances serialise on the row,
 * and a new window restarts the count in the same statement, so no read-modify-write race exists.
 */
export async function hitRateLimit(db: DbOrTx, rule: RateLimitRule, key: string): Promise<RateLimitResult> {
  const [row] = await runStatement(db, rateLimitHit(Math.floor(rule.windowSeconds)), {
    bucket: rule.bucket,
    key,
  });
  if (!row) throw new Error('The rate-limit upsert returned no row.');
  const hits = Number(row[0]);
  return {
    allowed: hits <= rule.max,
    hits,
    retryAfterSeconds: Math.max(1, Number(row[1])),
  };
}

/** The upsert of `hitRateLimit`, one statement per window length, rendered once (db/statements.ts). */
export const rateLimitHit = perKey((windowSeconds) => {
  const { window, windowStart } = windowOf({ windowSeconds });
  return defineStatement(
    sql`
    insert into ${rateLimitCounters} (bucket, key, window_start, hits)
    values (${sql.placeholder('bucket')}, ${sql.placeholder('key')}, ${windowStart}, 1)
    on conflict (bucket, key) do update set
      hits = case when ${rateLimitCounters.windowStart} = excluded.window_start
                  then ${rateLimitCounters.hits} + 1 else 1 end,
      window_start = excluded.window_start
    returning hits,
      ceil(extract(epoch from (window_start + ${window} - now())))::integer as retry_after`,
  );
});

export const RATE_LIMITED_MESSAGE =
  'You have made too many requests. Please wait a few minutes and try again.';

/**
 * Counts the hit and, over the limit, sets Retry-After and throws 429 `rate_limited` (the error handler keeps
 * headers already set on the reply).
 */
export async function enforceRateLimit(
  db: DbOrTx,
  reply: FastifyReply,
  rule: RateLimitRule,
  key: string,
  message = RATE_LIMITED_MESSAGE,
): Promise<void> {
  const result = await hitRateLimit(db, rule, key);
  if (!result.allowed) {
    reply.header('retry-after', String(result.retryAfterSeconds));
    throw new AppError('rate_limited', 429, message);
  }
}

/** Deletes counters whose window ended more than `olderThanSeconds` ago (default one day); returns how many. */
export async function purgeRateLimitCounters(db: DbOrTx, olderThanSeconds = 86_400): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(
      sql`${rateLimitCounters.windowStart} < now() - ${sql.raw(`interval '${Math.floor(olderThanSeconds)} seconds'`)}`,
    )
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}

/**
 * Seconds until `key` may try again under `rule`, or 0 when it is below the limit. Reads the current window without
 * counting: for limits that count only some outcomes (failed sign-ins), the caller must look before it knows.
 */
export async function rateLimitLockedForSeconds(
  db: DbOrTx,
  rule: RateLimitRule,
  key: string,
): Promise<number> {
  const { window, windowStart } = windowOf(rule);
  const result = await db.execute<{ hits: number; retry_after: number | string }>(sql`
    select hits, ceil(extract(epoch from (window_start + ${window} - now())))::integer as retry_after
    from ${rateLimitCounters}
    where bucket = ${rule.bucket} and key = ${key} and window_start = ${windowStart}`);
  const row = result.rows[0];
  if (!row || Number(row.hits) < rule.max) return 0;
  return Math.max(1, Number(row.retry_after));
}

/** Forgets `key`'s count under `rule` (for example after a successful sign-in). */
export async function clearRateLimit(db: DbOrTx, rule: RateLimitRule, key: string): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, rule.bucket), eq(rateLimitCounters.key, key)));
}
