import type { DbOrTx } from '../db/client.ts';

/** Reference data changes rarely and is not shared state, so each process may serve it this stale. */
export const REFERENCE_TTL_MS = 30_000;

/**
 * Memoises a reference-data loader per database handle for a short time. Keyed by the handle so two apps in one
 * process (tests, tools) never see each other's data; a failed load is not cached.
 */
export function cachedReference<T>(
  load: (db: DbOrTx) => Promise<T>,
  ttlMs = REFERENCE_TTL_MS,
): ((db: DbOrTx) => Promise<T>) & { invalidate(db: DbOrTx): void } {
  const entries = new WeakMap<object, { expiresAt: number; value: Promise<T> }>();
  const read = (db: DbOrTx): Promise<T> => {
    const now = performance.now();
    const entry = entries.get(db);
    if (entry && entry.expiresAt > now) return entry.value;
    // Promise.resolve, not the loader's own object: drizzle's query builders are lazy thenables that run their
    // query again on every then/await, so caching the builder itself would hit the database on each read.
    const value = Promise.resolve(load(db));
    entries.set(db, { expiresAt: now + ttlMs, value });
    value.catch(() => {
      if (entries.get(db)?.value === value) entries.delete(db);
    });
    return value;
  };
  // A change made through this process (staff editing prices) is served at once here; other processes follow
  // within the TTL.
  return Object.assign(read, { invalidate: (db: DbOrTx) => void entries.delete(db) });
}
