import type { GolferNamesBody } from '@links/shared/schemas/golfer-names';
import { golferNamesDeadline, GOLFER_NAMES_MESSAGES as M } from '@links/shared/schemas/golfer-names';
import { formatLongDate, londonDate } from '@links/shared/uk-time';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookingGolfers, bookings } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { roundsOfBookings } from '../bookings/bookings.repository.ts';
import { bookingNotFound } from './confirmation-access.ts';

// Golfers' names by a deadline (issue 24 point 4): the tour operator names each golfer of their booking until the end
// of the UK day NAMES_DEADLINE_DAYS before the first round; after it only the reservations desk may change them. The
// booking row is locked first (the engine's lock order), so a name change and a staff change of golfers apply one
// after the other, and a staff change keeps the names of the positions it keeps.

export type GolferNamesDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db'>;

export type NamesChange = { position: number; from: string; to: string };

export async function saveGolferNames(
  deps: GolferNamesDeps,
  bookingId: number,
  body: GolferNamesBody,
  options: { staff?: { afterChange: (tx: Tx, changes: NamesChange[]) => Promise<void> } } = {},
): Promise<NamesChange[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, status: bookings.status, operatorId: bookings.operatorId })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    if (!booking || (booking.status !== 'confirmed' && booking.status !== 'cancelled'))
      throw bookingNotFound();
    if (booking.status === 'cancelled') throw conflict(M.cancelled, 'booking_cancelled');
    if (booking.operatorId === null && !options.staff) {
      throw new AppError('names_not_allowed', 422, M.notOperator);
    }
    const [first] = await roundsOfBookings(tx, [bookingId]);
    if (!first) throw bookingNotFound();
    const deadline = golferNamesDeadline(first.startsAt, deps.config.bookings.namesDeadlineDays);
    if (!options.staff && now.getTime() > deadline.getTime()) {
      throw new AppError('names_locked', 422, M.locked(formatLongDate(londonDate(deadline))));
    }
    const golfers = await tx
      .select({ position: bookingGolfers.position, name: bookingGolfers.name })
      .from(bookingGolfers)
      .where(eq(bookingGolfers.bookingId, bookingId));
    const current = new Map(golfers.map((golfer) => [golfer.position, golfer.name]));
    const changes: NamesChange[] = [];
    for (const golfer of body.golfers) {
      const from = current.get(golfer.id);
      if (from === undefined) {
        throw new AppError('validation_failed', 422, M.unknownGolfer, { golfers: M.unknownGolfer });
      }
      if (from !== golfer.name) changes.push({ position: golfer.id, from, to: golfer.name });
    }
    for (const change of changes) {
      await tx
        .update(bookingGolfers)
        .set({ name: change.to })
        .where(and(eq(bookingGolfers.bookingId, bookingId), eq(bookingGolfers.position, change.position)));
    }
    if (changes.length > 0) await options.staff?.afterChange(tx, changes);
    return changes;
  });
}
