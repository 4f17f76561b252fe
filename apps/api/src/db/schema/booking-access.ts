import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { instant, requiredRef } from './columns.ts';

// Which browser sessions may open which confirmed bookings without a signature: a session that opened the
// booking's signed link or entered its PIN. (The session that made the booking is recognised by
// bookings.session_key instead.) Owner: the booking-access module.

export const bookingAccessGrants = pgTable(
  'booking_access_grants',
  {
    /** sessionKey(session id): never the session id itself. */
    sessionKey: text().notNull(),
    bookingId: requiredRef(() => bookings.id, { onDelete: 'cascade' }),
    grantedAt: instant().notNull().defaultNow(),
    /** Access lapses here (about a day after the last unlock); a new unlock moves it on. */
    expiresAt: instant().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionKey, table.bookingId] }),
    check('booking_access_grants_expiry_after_grant', sql`${table.expiresAt} > ${table.grantedAt}`),
    // The purge removes lapsed grants.
    index('booking_access_grants_expires_idx').on(table.expiresAt),
  ],
);

export type BookingAccessGrant = typeof bookingAccessGrants.$inferSelect;
