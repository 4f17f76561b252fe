import { golfersOfRounds } from '@links/shared/groups';
import type {
  OperatorBooking,
  OperatorBookings,
  OperatorBookingsQuery,
} from '@links/shared/schemas/operator-bookings';
import { londonDate } from '@links/shared/uk-time';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { roundsOfBookings } from '../bookings/bookings.repository.ts';

// One tour operator's bookings with their rounds and money, read once for both sides: the operator's own list (issue
// 24) and the staff's operator page (issue 23). Abandoned holds are never listed.

export type OperatorBookingRow = {
  bookingNumber: string;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  paymentMethod: 'online' | 'deposit' | 'offline' | null;
  payablePence: number | null;
  paidPence: number | null;
  balanceDueAt: Date | null;
  rounds: { course: string; startsAt: Date; players: number }[];
  /** Payable less paid on a confirmed booking; 0 otherwise. */
  due: number;
  /** The last round is still to start. */
  upcoming: boolean;
};

export async function loadOperatorBookings(
  db: DbOrTx,
  operatorId: number,
  now: Date,
): Promise<OperatorBookingRow[]> {
  const rows = await db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      paymentMethod: bookings.paymentMethod,
      payablePence: bookings.payablePence,
      paidPence: bookings.paidPence,
      balanceDueAt: bookings.balanceDueAt,
    })
    .from(bookings)
    .where(and(eq(bookings.operatorId, operatorId), ne(bookings.status, 'expired')));
  const rounds = await roundsOfBookings(
    db,
    rows.map((row) => row.id),
  );
  const list = rows.map(({ id, ...row }) => {
    const own = rounds.filter((round) => round.bookingId === id);
    const last = own.at(-1)?.startsAt.getTime() ?? 0;
    return {
      ...row,
      rounds: own.map(({ course, startsAt, players }) => ({ course, startsAt, players })),
      due: row.status === 'confirmed' ? Math.max(0, (row.payablePence ?? 0) - (row.paidPence ?? 0)) : 0,
      upcoming: last > now.getTime(),
    };
  });
  // Still to play first, soonest first; then the past, latest first.
  const first = (row: OperatorBookingRow) => row.rounds[0]?.startsAt.getTime() ?? 0;
  return list.sort((a, b) =>
    a.upcoming !== b.upcoming
      ? a.upcoming
        ? -1
        : 1
      : a.upcoming
        ? first(a) - first(b)
        : first(b) - first(a),
  );
}

/** The most a list answers; an operator with more narrows the dates. */
export const OPERATOR_BOOKINGS_LIMIT = 500;

/** The signed-in operator's bookings, still to play or played, filtered by the first round's UK day and status. */
export async function listOwnBookings(
  db: DbOrTx,
  operatorId: number,
  query: OperatorBookingsQuery,
  now: Date,
): Promise<OperatorBookings> {
  const matching = (await loadOperatorBookings(db, operatorId, now)).filter((row) => {
    if (row.upcoming !== (query.when === 'upcoming')) return false;
    if (query.status && row.status !== query.status) return false;
    const day = row.rounds[0] ? londonDate(row.rounds[0].startsAt) : null;
    if (query.from && (!day || day < query.from)) return false;
    if (query.to && (!day || day > query.to)) return false;
    return true;
  });
  return {
    bookings: matching.slice(0, OPERATOR_BOOKINGS_LIMIT).map(
      (row): OperatorBooking => ({
        booking_number: row.bookingNumber,
        status: row.status === 'expired' ? 'cancelled' : row.status,
        rounds: row.rounds.map((round) => ({ course: round.course, tee_time: round.startsAt.toISOString() })),
        golfers: golfersOfRounds(
          row.rounds.map((round) => ({ courseId: round.course, players: round.players })),
        ),
        payment_terms: row.paymentMethod,
        total: row.payablePence ?? 0,
        paid: row.paidPence ?? 0,
        due: row.due,
        due_at: row.due > 0 ? (row.balanceDueAt?.toISOString() ?? null) : null,
      }),
    ),
    truncated: matching.length > OPERATOR_BOOKINGS_LIMIT,
  };
}
