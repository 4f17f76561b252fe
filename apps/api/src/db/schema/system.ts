import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Platform tables. Reference and booking tables live in reference.ts (and the files it re-exports).

/** Instance-wide switches that every server instance reads (for example the maintenance flag). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const SETTING_KEYS = {
  maintenance: 'maintenance_mode',
} as const;
