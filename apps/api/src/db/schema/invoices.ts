import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { generatedId, instant, requiredRef } from './columns.ts';

// UK VAT invoices and credit notes (issue 24 point 3): one document per payment taken and per refund given, numbered
// from one gap-free sequence. The number is taken from `invoice_counters` (its row locked by the UPDATE that moves it,
// in the transaction that records the money), so a rolled-back payment gives its number back and two instances never
// take the same one. A document is never changed once issued: what it says is kept here as issued.

export type InvoiceKind = 'invoice' | 'credit_note';

/** One line of a document: pence, VAT-inclusive gross split into net and VAT. */
export type InvoiceLine = { description: string; net: number; vat: number; gross: number };

/** Who the document is made out to, as it was when issued. */
export type InvoiceCustomer = { name: string; lines: string[]; email: string | null };

export const invoiceCounters = pgTable('invoice_counters', {
  name: text().primaryKey(),
  last: integer().notNull().default(0),
});

export const invoices = pgTable(
  'invoices',
  {
    id: generatedId(),
    /** The gap-free sequence number; `number` is its printed form (INV-000123, CN for credit notes shares it). */
    sequence: integer().notNull().unique(),
    number: text().notNull().unique(),
    kind: text().$type<InvoiceKind>().notNull(),
    bookingId: requiredRef(() => bookings.id, { onDelete: 'restrict' }),
    /** What the document is for, once only: `card:<intent id>`, `recorded:<id>`, `staff-refund:<id>`. */
    sourceKey: text().notNull().unique(),
    /** For a credit note: the invoice of the payment it returns, when known. */
    creditsInvoiceId: integer(),
    customer: jsonb().$type<InvoiceCustomer>().notNull(),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    netPence: integer().notNull(),
    vatPence: integer().notNull(),
    grossPence: integer().notNull(),
    vatRateBasisPoints: integer().notNull(),
    issuedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check('invoices_kind_known', sql`${table.kind} in ('invoice', 'credit_note')`),
    check('invoices_amounts_add_up', sql`${table.netPence} + ${table.vatPence} = ${table.grossPence}`),
    check('invoices_gross_positive', sql`${table.grossPence} > 0`),
    index('invoices_booking_index').on(table.bookingId),
  ],
);
