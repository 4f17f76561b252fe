import { VAT_RATE_PERCENT } from '@links/shared/constants';
import { splitVatInclusive } from '@links/shared/money';
import { individualPlayerDetailsSchema } from '@links/shared/schemas/contact-details';
import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  bookings,
  type InvoiceCustomer,
  type InvoiceKind,
  type InvoiceLine,
  invoiceCounters,
  invoices,
  operators,
} from '../../db/schema/index.ts';
import { roundsOfBookings } from '../bookings/bookings.repository.ts';

// Issuing a VAT invoice for each payment taken and a credit note for each refund given (issue 24 point 3), inside the
// transaction that records the money, so a document exists exactly when its payment or refund does. Idempotent per
// source (`card:<intent>`, `recorded:<id>`, `staff-refund:<id>`): the settlement paths that race over one payment
// issue one document. Numbers come from one counter row whose UPDATE locks it until the transaction ends, so they are
// unique and without gaps on any number of instances (a rolled-back transaction gives its number back).

export type InvoiceRow = typeof invoices.$inferSelect;

const COUNTER = 'invoices';

export function invoiceNumber(kind: InvoiceKind, sequence: number): string {
  return `${kind === 'invoice' ? 'INV' : 'CN'}-${String(sequence).padStart(6, '0')}`;
}

async function nextSequence(tx: Tx): Promise<number> {
  const [row] = await tx
    .update(invoiceCounters)
    .set({ last: sql`${invoiceCounters.last} + 1` })
    .where(eq(invoiceCounters.name, COUNTER))
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error('The invoice counter is missing (migration 0022)');
  return row.last;
}

/** An address as the document prints it: the two lines, town and county, postcode and country; empty ones left out. */
function addressLines(
  line1: string,
  line2: string,
  city: string,
  county: string,
  postcode: string,
  country: string,
): string[] {
  return [
    line1,
    line2,
    [city, county].filter(Boolean).join(', '),
    [postcode, country].filter(Boolean).join(' '),
  ].filter((line) => line.trim() !== '');
}

/** Who the document is made out to: the tour operator's company and address, or the golfer who booked. */
async function customerOf(
  tx: Tx,
  bookingId: number,
): Promise<{ customer: InvoiceCustomer; bookingNumber: string }> {
  const [booking] = await tx
    .select({
      bookingNumber: bookings.bookingNumber,
      operatorId: bookings.operatorId,
      playerDetails: bookings.playerDetails,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`No booking ${bookingId} to invoice`);
  if (booking.operatorId !== null) {
    const [operator] = await tx.select().from(operators).where(eq(operators.id, booking.operatorId));
    if (operator) {
      return {
        bookingNumber: booking.bookingNumber,
        customer: {
          name: operator.companyName,
          lines: addressLines(
            operator.addressLine1,
            operator.addressLine2,
            operator.city,
            operator.county,
            operator.postCode,
            operator.countryCode,
          ),
          email: operator.email,
        },
      };
    }
  }
  const details = individualPlayerDetailsSchema.safeParse(booking.playerDetails);
  if (!details.success) {
    return { bookingNumber: booking.bookingNumber, customer: { name: 'Golfer', lines: [], email: null } };
  }
  const d = details.data;
  return {
    bookingNumber: booking.bookingNumber,
    customer: {
      name: [d.title, d.first_name, d.surname].filter(Boolean).join(' '),
      lines: addressLines(d.address_line_1, d.address_line_2, d.city, d.county, d.postcode, d.country),
      email: d.email_address,
    },
  };
}

/** Each round as the document describes it: course, UK tee time and golfers (no amount: the payment line has it). */
async function roundDescriptions(tx: Tx, bookingId: number): Promise<string[]> {
  const rounds = await roundsOfBookings(tx, [bookingId]);
  return rounds.map(
    (round) =>
      `${round.course}, ${formatConfirmationTeeTime(round.startsAt)}, ${round.players} ${round.players === 1 ? 'golfer' : 'golfers'}`,
  );
}

/**
 * Net and VAT of the document. The payment that completes a booking's price takes the VAT the booking's own price
 * breakdown shows less what earlier invoices took, so a booking's invoices add up to its price to the penny (priced
 * per golfer, its VAT can differ by a penny from the VAT of its total); any other amount is split at the rate.
 */
async function vatSplit(tx: Tx, request: IssueRequest): Promise<{ net: number; vat: number; total: number }> {
  const split = splitVatInclusive(request.grossPence, VAT_RATE_PERCENT);
  if (request.kind !== 'invoice') return split;
  const [booking] = await tx
    .select({ payable: bookings.payablePence, vat: bookings.vatPence })
    .from(bookings)
    .where(eq(bookings.id, request.bookingId));
  const [before] = await tx
    .select({
      gross: sql<number>`coalesce(sum(${invoices.grossPence}), 0)::integer`,
      vat: sql<number>`coalesce(sum(${invoices.vatPence}), 0)::integer`,
    })
    .from(invoices)
    .where(and(eq(invoices.bookingId, request.bookingId), eq(invoices.kind, 'invoice')));
  const completes = booking?.payable != null && (before?.gross ?? 0) + request.grossPence === booking.payable;
  if (!completes || booking?.vat == null) return split;
  const vat = booking.vat - (before?.vat ?? 0);
  if (vat < 0 || vat > request.grossPence) return split;
  return { net: request.grossPence - vat, vat, total: request.grossPence };
}

export type IssueRequest = {
  kind: InvoiceKind;
  bookingId: number;
  sourceKey: string;
  /** VAT-inclusive pence, above 0. */
  grossPence: number;
  /** What the money was: 'Card payment', 'Payment by phone', 'Refund to the card'... */
  what: string;
  at: Date;
  /** A credit note's: the source key of the payment it returns. */
  creditsSourceKey?: string;
};

/**
 * Issues the document for one payment or refund in the caller's transaction (which holds the booking's row lock), or
 * returns the one already issued for the same source.
 */
export async function issueInvoice(tx: Tx, request: IssueRequest): Promise<InvoiceRow> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.sourceKey, request.sourceKey));
  if (existing) return existing;
  const { customer, bookingNumber } = await customerOf(tx, request.bookingId);
  const split = await vatSplit(tx, request);
  const rounds = await roundDescriptions(tx, request.bookingId);
  const lines: InvoiceLine[] = [
    {
      description: `${request.what} for booking ${bookingNumber}: green fees at ${rounds.join('; ') || 'the links'}`,
      net: split.net,
      vat: split.vat,
      gross: split.total,
    },
  ];
  const [credited] = request.creditsSourceKey
    ? await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.sourceKey, request.creditsSourceKey))
    : [];
  const sequence = await nextSequence(tx);
  const [row] = await tx
    .insert(invoices)
    .values({
      sequence,
      number: invoiceNumber(request.kind, sequence),
      kind: request.kind,
      bookingId: request.bookingId,
      sourceKey: request.sourceKey,
      creditsInvoiceId: credited?.id ?? null,
      customer,
      lines,
      netPence: split.net,
      vatPence: split.vat,
      grossPence: split.total,
      vatRateBasisPoints: VAT_RATE_PERCENT * 100,
      issuedAt: request.at,
    })
    .returning();
  if (!row) throw new Error('The invoice was not written');
  return row;
}

export async function invoicesOfBooking(db: DbOrTx, bookingId: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.sequence));
}
