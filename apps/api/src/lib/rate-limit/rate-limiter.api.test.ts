import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { purgeRateLimitCounters, refundAttempt, takeAttempt } from './rate-limiter.ts';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
});
afterAll(async () => dispose());

const hitsOf = async (bucket: string, key: string) =>
  (
    await database.db
      .select({ hitsAt: rateLimitCounters.hitsAt })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.key, key)))
  )[0]?.hitsAt.length ?? 0;

/** Moves every counted instant of `bucket` back by `seconds`, as if they had been taken that long ago. */
const age = (bucket: string, seconds: number) =>
  database.db.execute(sql`
    update rate_limit_counters
    set hits_at = array(select t - make_interval(secs => ${seconds}) from unnest(hits_at) as t order by t)
    where bucket = ${bucket}`);

/** An attempt's keys: key 'k' under each rule, each allowing `max` attempts in ten minutes. */
const underRules = (...rules: Array<{ bucket: string; max: number }>) =>
  rules.map((rule) => ({ rule: { ...rule, windowSeconds: 600 }, key: 'k' }));

describe('takeAttempt', () => {
  it('allows max attempts in any window, refusing the next without counting it', async () => {
    const rule = { bucket: 'window', max: 2, windowSeconds: 60 };
    const keys = [{ rule, key: 'k' }];
    expect((await takeAttempt(database.db, keys)).allowed).toBe(true);
    expect((await takeAttempt(database.db, keys)).allowed).toBe(true);
    const refused = await takeAttempt(database.db, keys);
    expect(refused).toMatchObject({ allowed: false, refusedBuckets: ['window'] });
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(await hitsOf('window', 'k')).toBe(2);
    expect((await takeAttempt(database.db, [{ rule, key: 'other' }])).allowed).toBe(true);
  });

  it('slides: no fresh burst at a window boundary, room again as each attempt leaves the window', async () => {
    const rule = { bucket: 'sliding', max: 3, windowSeconds: 900 };
    const keys = [{ rule, key: 'k' }];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await takeAttempt(database.db, keys)).allowed).toBe(true);
    }
    // Fourteen minutes on: a fixed 15-minute window would have started afresh at its boundary by now for attempts
    // taken late in the last one; a sliding one still holds all three.
    await age('sliding', 14 * 60);
    const stillFull = await takeAttempt(database.db, keys);
    expect(stillFull.allowed).toBe(false);
    expect(stillFull.allowed === false && stillFull.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Past fifteen minutes all three have left the window: three more, and only three.
    await age('sliding', 61);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await takeAttempt(database.db, keys)).allowed).toBe(true);
    }
    expect((await takeAttempt(database.db, keys)).allowed).toBe(false);
    expect(await hitsOf('sliding', 'k')).toBe(3);
  });

  it('counts an attempt under every rule or none', async () => {
    const keys = underRules({ bucket: 'all-loose', max: 10 }, { bucket: 'all-tight', max: 1 });
    expect((await takeAttempt(database.db, keys)).allowed).toBe(true);
    const refused = await takeAttempt(database.db, keys);
    expect(refused).toMatchObject({ allowed: false, refusedBuckets: ['all-tight'] });
    expect(await hitsOf('all-loose', 'k')).toBe(1);
    expect(await hitsOf('all-tight', 'k')).toBe(1);
  });

  it('gives an attempt back exactly once under the keys named', async () => {
    const keys = underRules({ bucket: 'refund-address', max: 2 }, { bucket: 'refund-account', max: 2 });
    const address = keys[0]!.rule;
    const first = await takeAttempt(database.db, keys);
    const second = await takeAttempt(database.db, keys);
    if (!first.allowed || !second.allowed) throw new Error('expected both attempts allowed');
    await refundAttempt(database.db, first, [{ rule: address, key: 'k' }]);
    await refundAttempt(database.db, first, [{ rule: address, key: 'k' }]);
    expect(await hitsOf('refund-address', 'k')).toBe(1);
    expect(await hitsOf('refund-account', 'k')).toBe(2);
    expect((await takeAttempt(database.db, [{ rule: address, key: 'k' }])).allowed).toBe(true);
  });

  it('allows exactly max of many parallel attempts, under several rules at once', async () => {
    const perKey = { bucket: 'parallel', max: 10, windowSeconds: 600 };
    const wide = { bucket: 'parallel-wide', max: 1000, windowSeconds: 600 };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        takeAttempt(database.db, [
          { rule: wide, key: `w${index % 3}` },
          { rule: perKey, key: 'same' },
        ]),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    expect(await hitsOf('parallel', 'same')).toBe(10);
    const wideTotal = (await Promise.all([0, 1, 2].map((n) => hitsOf('parallel-wide', `w${n}`)))).reduce(
      (sum, hits) => sum + hits,
      0,
    );
    expect(wideTotal).toBe(10);
  });

  it('purges counters idle for longer than the longest window', async () => {
    const rule = { bucket: 'purge', max: 5, windowSeconds: 60 };
    await takeAttempt(database.db, [{ rule, key: 'old' }]);
    await takeAttempt(database.db, [{ rule, key: 'recent' }]);
    await database.db
      .update(rateLimitCounters)
      .set({ updatedAt: sql`now() - interval '2 days'` })
      .where(eq(rateLimitCounters.key, 'old'));
    expect(await purgeRateLimitCounters(database.db)).toBe(1);
    expect(await hitsOf('purge', 'recent')).toBe(1);
  });
});
