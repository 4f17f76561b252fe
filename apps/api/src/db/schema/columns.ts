import { type AnyPgColumn, date, integer, timestamp } from 'drizzle-orm/pg-core';

// The column types every schema file shares, so each table reads as what it holds. Conventions: money is integer
// pence, instants are timestamptz (UTC), UK calendar dates are `date` strings. Column names become snake_case through
// the drizzle casing option.

/** An instant: timestamptz, read as a Date. */
export const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/** A UK calendar date, read as a 'yyyy-MM-dd' string. */
export const ukDate = () => date({ mode: 'string' });

/** A generated integer primary key. */
export const generatedId = () => integer().primaryKey().generatedAlwaysAsIdentity();

type ReferenceActions = Parameters<ReturnType<typeof integer>['references']>[1];

/**
 * A required integer foreign key. Without an onDelete action the database refuses to delete a parent that is still
 * referenced.
 */
export const requiredRef = (parent: () => AnyPgColumn, actions?: ReferenceActions) =>
  integer().notNull().references(parent, actions);

/** A server-side session's times (operator and staff sessions; lib/session-rows.ts reads them). */
export const sessionLifetime = () => ({
  createdAt: instant().notNull(),
  /** Refreshed (at most once a minute) by each authenticated request; idle expiry counts from here. */
  lastSeenAt: instant().notNull(),
  /** Absolute expiry, however active the session. */
  expiresAt: instant().notNull(),
});
