import { describe, expect, it } from 'vitest';
import { DiaryCache } from './tee-sheet-cache.ts';

/** A cache on a hand-driven clock, and a builder that counts its calls. */
function setup(ttlMs: number, maxEntries?: number) {
  let now = 0;
  const cache = new DiaryCache(ttlMs, { now: () => now, ...(maxEntries ? { maxEntries } : {}) });
  let builds = 0;
  const build = (body: string) => () => {
    builds += 1;
    return Promise.resolve(body);
  };
  return {
    cache,
    build,
    builds: () => builds,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('DiaryCache', () => {
  it('reuses a body within the TTL and builds it again once the TTL has passed', async () => {
    const t = setup(1000);
    expect(await t.cache.get('1|2026-12-01|day', t.build('a'))).toBe('a');
    t.advance(999);
    expect(await t.cache.get('1|2026-12-01|day', t.build('b'))).toBe('a');
    expect(t.builds()).toBe(1);
    t.advance(1);
    expect(await t.cache.get('1|2026-12-01|day', t.build('c'))).toBe('c');
    expect(t.builds()).toBe(2);
  });

  it('keeps keys apart', async () => {
    const t = setup(1000);
    expect(await t.cache.get('1|2026-12-01|day', t.build('a'))).toBe('a');
    expect(await t.cache.get('1|2026-12-01|from-now', t.build('b'))).toBe('b');
    expect(await t.cache.get('2|2026-12-01|day', t.build('c'))).toBe('c');
    expect(t.builds()).toBe(3);
  });

  it('shares one build between concurrent misses', async () => {
    const t = setup(1000);
    let release: (body: string) => void = () => {};
    let builds = 0;
    const slow = () => {
      builds += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const first = t.cache.get('k', slow);
    const second = t.cache.get('k', slow);
    release('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
    expect(builds).toBe(1);
  });

  it('forgets everything on invalidate, including a build still running', async () => {
    const t = setup(60_000);
    let release: (body: string) => void = () => {};
    const pending = t.cache.get(
      'k',
      () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    );
    t.cache.invalidate();
    const after = t.cache.get('k', t.build('after the write'));
    release('before the write');
    expect(await pending).toBe('before the write');
    expect(await after).toBe('after the write');
    expect(await t.cache.get('k', t.build('unused'))).toBe('after the write');
  });

  it('does not keep a failed build', async () => {
    const t = setup(60_000);
    await expect(t.cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await t.cache.get('k', t.build('recovered'))).toBe('recovered');
  });

  it('builds every time when the TTL is 0 (off)', async () => {
    const t = setup(0);
    await t.cache.get('k', t.build('a'));
    await t.cache.get('k', t.build('b'));
    expect(t.builds()).toBe(2);
    expect(t.cache.size).toBe(0);
  });

  it('stays within its entry bound, dropping expired entries first, then the oldest', async () => {
    const t = setup(1000, 2);
    await t.cache.get('a', t.build('a'));
    t.advance(500);
    await t.cache.get('b', t.build('b'));
    await t.cache.get('c', t.build('c'));
    expect(t.cache.size).toBe(2);
    // 'a' (the oldest) went; 'b' is still served from the cache.
    expect(await t.cache.get('b', t.build('b2'))).toBe('b');
    t.advance(600);
    await t.cache.get('d', t.build('d'));
    expect(t.cache.size).toBeLessThanOrEqual(2);
    expect(await t.cache.get('c', t.build('c2'))).toBe('c');
  });
});
