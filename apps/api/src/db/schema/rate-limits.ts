import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every API instance (src/lib/rate-limit). One row per bucket and
 * client key: the window start moves forward and the count restarts in the same atomic upsert.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** What is limited: 'booking-create', 'pin-access', 'login' ... */
    bucket: text().notNull(),
    /** Who is limited: a keyed hash of the client address, a booking id, a username hash ... */
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    hits: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    check('rate_limit_counters_hits_positive', sql`${table.hits} > 0`),
    // The purge deletes windows long past.
    index('rate_limit_counters_window_idx').on(table.windowStart),
  ],
);
