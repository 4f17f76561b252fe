import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client.ts';
import { cachedReference } from './reference-cache.ts';

/** Like a drizzle query builder: nothing runs until then(), and every then() runs the query again. */
function lazyQuery<T>(run: () => T): PromiseLike<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: imitates drizzle's QueryPromise
    then(onFulfilled, onRejected) {
      return Promise.resolve().then(run).then(onFulfilled, onRejected);
    },
  };
}

describe('cachedReference', () => {
  it('runs a lazy query once however often the cached value is awaited', async () => {
    let runs = 0;
    const load = cachedReference((() => lazyQuery(() => ++runs)) as unknown as (
      db: DbOrTx,
    ) => Promise<number>);
    const db = {} as DbOrTx;
    expect(await load(db)).toBe(1);
    expect(await load(db)).toBe(1);
    await Promise.all([load(db), load(db), load(db)]);
    expect(runs).toBe(1);
  });

  it('keeps separate values per database handle and reloads after a failure', async () => {
    let runs = 0;
    const load = cachedReference(async () => {
      runs += 1;
      if (runs === 1) throw new Error('database down');
      return runs;
    });
    const db = {} as DbOrTx;
    await expect(load(db)).rejects.toThrow('database down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await load(db)).toBe(2);
    expect(await load({} as DbOrTx)).toBe(3);
  });
});
