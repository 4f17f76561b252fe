import type { FastifyInstance, onSendHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Built diary answers kept for `config.diaryCacheMs` (decision 006); cleared by every local write. */
    diaryCache: DiaryCache;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Three courses times a year of dates times two filter variants is far below this; it only bounds abuse. */
const DEFAULT_MAX_ENTRIES = 2048;

type Entry = { expiresAt: number; body: Promise<string> };

/**
 * A micro-cache of built diary JSON per (course, date, filter) for a very short time (decision 006). Display only:
 * capacity is enforced inside the booking transaction, so a stale sheet can make a booking fail with 409, never
 * oversell. Concurrent misses of one key share a single query. The TTL counts from the moment the query starts, so
 * no answer is served more than `ttlMs` (plus the query's own duration) after the data was read.
 */
export class DiaryCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    readonly ttlMs: number,
    private readonly options: { maxEntries?: number; now?: () => number } = {},
  ) {}

  get #maxEntries(): number {
    return this.options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached body for `key`, or `build()` (shared by every caller until it settles; a failure is not kept). */
  get(key: string, build: () => Promise<string>): Promise<string> {
    if (!this.enabled) return build();
    const now = this.options.now?.() ?? performance.now();
    const cached = this.#entries.get(key);
    if (cached && cached.expiresAt > now) return cached.body;
    if (cached) this.#entries.delete(key);
    else if (this.#entries.size >= this.#maxEntries) this.#evict(now);
    const entry: Entry = { expiresAt: now + this.ttlMs, body: build() };
    this.#entries.set(key, entry);
    entry.body.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.body;
  }

  /**
   * Forgets everything, including queries still running (their callers get their answer, later callers query
   * again). Called after every local write, before its answer leaves, so the writer's next read is fresh.
   */
  invalidate(): void {
    this.#entries.clear();
  }

  #evict(now: number): void {
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
    // Still full of live entries: drop the oldest (Map keeps insertion order).
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}

/**
 * Decorates the app with its diary cache and clears it once any state-changing request of this process has been
 * handled (an onSend hook on every POST, PUT, PATCH and DELETE route: after the handler's transaction committed,
 * before the answer is written). Every write that can
 * change a tee sheet (bookings, payments, operators, admin) arrives as such a request; a refused one (a lost race,
 * 409) clears it too, so the loser re-reads the sheet fresh even when the winner booked through another instance.
 * Must be called on the root instance before the routes are registered.
 */
export function registerDiaryCache(app: FastifyInstance, ttlMs: number): void {
  const cache = new DiaryCache(ttlMs);
  app.decorate('diaryCache', cache);
  if (!cache.enabled) return;
  const invalidate: onSendHookHandler = (_request, _reply, payload, done) => {
    cache.invalidate();
    done(null, payload);
  };
  // Attached to the state-changing routes only, as each is declared, so reads (the hot path) run no extra hook.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => STATE_CHANGING.has(method))) return;
    const existing = route.onSend;
    route.onSend =
      existing === undefined
        ? [invalidate]
        : [...(Array.isArray(existing) ? existing : [existing]), invalidate];
  });
}
