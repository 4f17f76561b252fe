import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sliding-window attempt logs shared by every API instance (src/lib/rate-limit). One row per bucket and key holds the
 * instants of the attempts counted within the longest window the bucket uses; the SQL functions of migration 0010
 * (`rate_limit_take`, `rate_limit_refund`) take and give back attempts atomically under the row lock.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** What is limited: 'booking-create', 'pin-access-booking', 'login-failures-account' ... */
    bucket: text().notNull(),
    /** Who is limited: a keyed hash of the client address or network, a booking number, a username hash ... */
    key: text().notNull(),
    /** When each counted attempt was taken, oldest first; only those within the window are kept. */
    hitsAt: timestamp({ withTimezone: true, mode: 'date' }).array().notNull().default(sql`'{}'`),
    /** The last attempt counted: the purge drops rows idle for longer than any window. */
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    index('rate_limit_counters_updated_idx').on(table.updatedAt),
  ],
);
