import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { instant } from './columns.ts';

// The transactional mail outbox: a message is written in the same transaction as the change it reports, and a
// worker sends it afterwards, so mail is never lost and never sent for a change that rolled back.

export type MailAttachment = { filename: string; contentType: string /** base64 */; content: string };

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    attachments: jsonb().$type<MailAttachment[]>().notNull().default([]),
    status: text().$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** When the row is next due; while a worker is sending it, the end of that worker's lease. */
    nextAttemptAt: instant().notNull().defaultNow(),
    /** The transport's error code and status only: never addresses or message content. */
    lastError: text(),
    createdAt: instant().notNull().defaultNow(),
    sentAt: instant(),
    /** The booking the message is about (confirmations, reminders, refunds), for the staff booking page. */
    bookingId: integer().references(() => bookings.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('mail_outbox_status_known', sql`${table.status} in ('pending', 'sent', 'failed')`),
    index('mail_outbox_due_index').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('mail_outbox_booking_index').on(table.bookingId).where(sql`${table.bookingId} is not null`),
  ],
);
