import type { Confirmation } from '@links/shared/schemas/confirmation';
import type { FastifyInstance } from 'fastify';
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
  return {
    ...confirmationPayload(record, deps.clock.now()),
    statement: await bookingStatement(deps.db, bookingId),
  };
}
