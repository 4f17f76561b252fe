import { and, asc, eq, inArray, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { bookingRounds, bookings, courses, operators, teeSlots } from '../../db/schema/index.ts';
import { selectRoundsWithSlotAndCourse } from '../bookings/bookings.repository.ts';

// The payment-schedule job's reads and writes. Each claim is one UPDATE whose WHERE holds the whole rule, over
// rows picked FOR UPDATE SKIP LOCKED: two instances running at once split the due bookings between them, and a
// row the other one already changed no longer matches, so each booking is reminded once and cancelled once.

/** Claims at most this many bookings per step and pass; the next pass takes the rest. */
export const PAYMENT_SCHEDULE_BATCH = 100;

/** The deadline now running: the deposit's while it is unpaid, then the one for the whole payable. */
export const currentDeadline = sql<Date>`(case when coalesce(${bookings.paidPence}, 0) < coalesce(${bookings.depositPence}, 0) then ${bookings.depositDueAt} else ${bookings.balanceDueAt} end)`;

/** Confirmed on terms (deposit or pay later) and not yet paid in full. */
const unpaidOnTerms = and(
  eq(bookings.status, 'confirmed'),
  inArray(bookings.paymentMethod, ['deposit', 'offline']),
  isNotNull(bookings.balanceDueAt),
  sql`coalesce(${bookings.paidPence}, 0) < coalesce(${bookings.payablePence}, 0)`,
) as SQL;

async function claim(tx: Tx, rule: SQL, set: PgUpdateSetSource<typeof bookings>): Promise<number[]> {
  const candidates = tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(rule)
    .orderBy(asc(bookings.id))
    .limit(PAYMENT_SCHEDULE_BATCH)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(bookings)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(inArray(bookings.id, candidates), rule))
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

const DAY_MS = 86_400_000;

/**
 * How many reminder points (`reminderDays`, furthest first) a deadline has reached at `at`: the deadline is at most
 * that many days away. The same rule as remindersDoneAtBooking, in SQL.
 */
function pointsReached(at: Date, reminderDays: readonly number[]): SQL<number> {
  const reached = reminderDays.map(
    (days) =>
      sql`(case when ${currentDeadline} <= ${new Date(at.getTime() + days * DAY_MS)} then 1 else 0 end)`,
  );
  return sql<number>`(${sql.join(reached, sql` + `)})`;
}

/**
 * The reminder points already passed when a booking's terms are recorded (its deadline nearer than they are), so
 * none of those goes the moment it is booked; the last point is never among them, so at least one reminder always
 * goes (and the cancellation, which waits for a reminder, can follow).
 */
export function remindersDoneAtBooking(deadline: Date, at: Date, reminderDays: readonly number[]): number {
  const reached = reminderDays.filter((days) => deadline.getTime() <= at.getTime() + days * DAY_MS).length;
  return Math.min(reached, Math.max(0, reminderDays.length - 1));
}

/**
 * Claims the unpaid bookings whose deadline has reached a reminder point not yet done (one e-mail however many
 * points a late pass finds reached: they are all marked done); returns their ids.
 */
export function claimDueReminders(tx: Tx, now: Date, reminderDays: readonly number[]): Promise<number[]> {
  if (reminderDays.length === 0) return Promise.resolve([]);
  const reached = pointsReached(now, reminderDays);
  const rule = and(unpaidOnTerms, sql`${reached} > ${bookings.paymentRemindersDone}`) as SQL;
  return claim(tx, rule, { paymentReminderSentAt: now, paymentRemindersDone: reached });
}

/**
 * Cancels unpaid bookings whose deadline has passed and whose reminder went at least `graceMs` ago (so nobody
 * is cancelled without a warning and time to act on it); returns their ids.
 */
export function claimOverdueCancellations(tx: Tx, now: Date, graceMs: number): Promise<number[]> {
  const rule = and(
    unpaidOnTerms,
    lt(currentDeadline, now),
    lte(bookings.paymentReminderSentAt, new Date(now.getTime() - graceMs)),
  ) as SQL;
  return claim(tx, rule, { status: 'cancelled', cancelledAt: now, cancelledReason: 'unpaid' });
}

export type ScheduledBookingRow = {
  id: number;
  /** Reminder points done (after a claim: including the one just claimed). */
  remindersDone: number;
  bookingNumber: string;
  payablePence: number;
  paidPence: number;
  dueBy: Date;
  playerDetails: unknown;
  operatorEmail: string | null;
  companyName: string | null;
  rounds: Array<{ courseName: string; startsAt: Date }>;
};

/** What the e-mails need about the claimed bookings. */
export async function loadScheduledBookings(tx: Tx, ids: number[]): Promise<ScheduledBookingRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: bookings.id,
      remindersDone: bookings.paymentRemindersDone,
      bookingNumber: bookings.bookingNumber,
      payablePence: bookings.payablePence,
      paidPence: bookings.paidPence,
      dueBy: currentDeadline,
      playerDetails: bookings.playerDetails,
      operatorEmail: operators.email,
      companyName: operators.companyName,
    })
    .from(bookings)
    .leftJoin(operators, eq(operators.id, bookings.operatorId))
    .where(inArray(bookings.id, ids))
    .orderBy(asc(bookings.id));
  const rounds = await selectRoundsWithSlotAndCourse(tx, {
    bookingId: bookingRounds.bookingId,
    courseName: courses.name,
    startsAt: teeSlots.startsAt,
  })
    .where(inArray(bookingRounds.bookingId, ids))
    .orderBy(asc(teeSlots.startsAt));
  return rows.map((row) => ({
    ...row,
    payablePence: row.payablePence ?? 0,
    paidPence: row.paidPence ?? 0,
    dueBy: new Date(row.dueBy),
    rounds: rounds
      .filter((round) => round.bookingId === row.id)
      .map((round) => ({ courseName: round.courseName, startsAt: round.startsAt })),
  }));
}
