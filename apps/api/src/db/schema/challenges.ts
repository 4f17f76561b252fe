import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Proof-of-work challenges already used (src/lib/proof-of-work): a solved challenge lets one request through, once,
 * on any instance. Rows are kept until the challenge would have expired anyway, then purged.
 */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    /** sha256 of the challenge's signature (unique per challenge the server issued). */
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('spent_challenges_expires_idx').on(table.expiresAt)],
);
