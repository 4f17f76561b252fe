import type { Confirmation } from '@links/shared/schemas/confirmation';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoices } from '../../db/schema/index.ts';
import { bookingStatement } from './booking-statement.ts';
import { loadBookingRecord } from './confirmation.repository.ts';
import { bookingNotFound } from './confirmation-access.ts';
import { confirmationPayload } from './confirmation-payload.ts';

/** The booking page's answer: the confirmation as the route clock sees it, with the statement of its money. */
export async function loadConfirmation(
  deps: Pick<FastifyInstance, 'clock' | 'db'>,
  bookingId: number,
): Promise<Confirmation> {
  const record = await loadBookingRecord(deps.db, bookingId);
  if (!record) throw bookingNotFound();
  const documents = await deps.db
    .select({
      number: invoices.number,
      kind: invoices.kind,
      issuedAt: invoices.issuedAt,
      gross: invoices.grossPence,
    })
    .from(invoices)
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(asc(invoices.sequence));
  return {
    ...confirmationPayload(record, deps.clock.now()),
    statement: await bookingStatement(deps.db, bookingId),
    invoices: documents.map((document) => ({
      number: document.number,
      kind: document.kind,
      issued_at: document.issuedAt.toISOString(),
      amount: document.gross,
      url: `/v1/bookings/${record.bookingNumber}/invoices/${document.number}`,
    })),
  };
}
