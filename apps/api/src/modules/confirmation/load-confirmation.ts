import type { Confirmation } from '@links/shared/schemas/confirmation';
import { type GolferNamesState, golferNamesDeadline } from '@links/shared/schemas/golfer-names';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { invoices } from '../../db/schema/index.ts';
import { noStore } from '../data-route.ts';
import { bookingStatement } from './booking-statement.ts';
import { type BookingRecord, loadBookingRecord } from './confirmation.repository.ts';
import { bookingNotFound } from './confirmation-access.ts';
import { confirmationPayload } from './confirmation-payload.ts';

/** The booking page's answer: the confirmation as the route clock sees it, with the statement of its money. */
export async function loadConfirmation(
  deps: Pick<FastifyInstance, 'clock' | 'config' | 'db'>,
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
    golfer_names: golferNamesState(record, deps.config.bookings.namesDeadlineDays, deps.clock.now()),
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

/** A tour operator's confirmed or cancelled booking: the names' deadline, whether they may change, how many are missing. */
export function golferNamesState(
  record: Pick<BookingRecord, 'operatorId' | 'status' | 'rounds' | 'golfers'>,
  deadlineDays: number,
  now: Date,
): GolferNamesState | null {
  if (record.operatorId === null) return null;
  const first = record.rounds.map((round) => round.startsAt).sort((a, b) => a.getTime() - b.getTime())[0];
  if (!first) return null;
  const deadline = golferNamesDeadline(first, deadlineDays);
  return {
    deadline: deadline.toISOString(),
    editable: record.status === 'confirmed' && now.getTime() <= deadline.getTime(),
    missing: record.golfers.filter((golfer) => golfer.name.trim() === '').length,
  };
}

/** The booking as its page shows it, answered to the session that may open it: never kept by a cache. */
export function confirmationAnswer(
  deps: Pick<FastifyInstance, 'clock' | 'config' | 'db'>,
  reply: FastifyReply,
  bookingId: number,
): Promise<Confirmation> {
  noStore(reply);
  return loadConfirmation(deps, bookingId);
}
