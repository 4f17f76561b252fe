import { MOVE_MESSAGES, type MovedRound, type MoveRoundRequest } from '@links/shared/schemas/staff-bookings';
import { londonDate } from '@links/shared/uk-time';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookingRounds, bookings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockSlots } from '../bookings/bookings.repository.ts';
import { bumpCalendarSequence } from '../confirmation/calendar-sequence.ts';
import { loadBookingRecord } from '../confirmation/confirmation.repository.ts';
import { livePlayersBySlot } from '../tee-sheet/live-bookings.ts';
import { recordAudit } from './audit-log.ts';
import { lockBookingByNumber } from './lock-booking-by-number.ts';
import { roundMovedEmail } from './round-moved-email.tsx';
import { tellBooker } from './tell-booker.ts';

// Staff move a round to another tee time (issue 22): the same course and UK day, so the price is the one paid. The
// same locks as the public booking engine, in its order (the booking row, then the slots by ascending id), then the
// live count beside the other bookings: a move raced against public holds never oversells (the capacity triggers of
// migration 0006 stay the backstop). The calendar sequence rises and the golfer is told with the updated .ics.

export type MoveDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log'>;

const notAllowed = (message: string) => new AppError('move_not_allowed', 422, message);

export async function moveRound(
  deps: MoveDeps,
  bookingNumber: string,
  request: MoveRoundRequest,
  staffUserId: number,
): Promise<MovedRound> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBookingByNumber(tx, bookingNumber);
    if (booking.status !== 'confirmed') throw notAllowed(MOVE_MESSAGES.notConfirmed);
    const onCourse = await tx
      .select({ id: bookingRounds.id, slotId: bookingRounds.slotId, players: bookingRounds.players })
      .from(bookingRounds)
      .where(and(eq(bookingRounds.bookingId, booking.id), eq(bookingRounds.courseId, request.course_id)));
    // A group has a round per tee time on its one course: the request says which by the tee time it is at.
    if (onCourse.length > 1 && request.from_slot_id === undefined) throw notAllowed(MOVE_MESSAGES.whichRound);
    const round =
      request.from_slot_id === undefined
        ? onCourse[0]
        : onCourse.find((candidate) => candidate.slotId === request.from_slot_id);
    if (!round) throw notAllowed(MOVE_MESSAGES.noRound);
    if (round.slotId === request.slot_id) throw notAllowed(MOVE_MESSAGES.sameSlot);

    const slots = await lockSlots(tx, [round.slotId, request.slot_id]);
    const from = slots.get(round.slotId);
    const to = slots.get(request.slot_id);
    if (
      !from ||
      !to ||
      to.courseId !== request.course_id ||
      londonDate(to.startsAt) !== londonDate(from.startsAt)
    ) {
      throw notAllowed(MOVE_MESSAGES.otherDay);
    }
    const now = deps.clock.now();
    if (to.startsAt <= now) throw notAllowed(MOVE_MESSAGES.started);
    if (to.blocked) throw notAllowed(MOVE_MESSAGES.blocked);
    const taken = (await livePlayersBySlot(tx, [to.id], { excludeBookingId: booking.id })).get(to.id) ?? 0;
    if (taken + round.players > to.capacity) throw notAllowed(MOVE_MESSAGES.full);

    await tx.update(bookingRounds).set({ slotId: to.id }).where(eq(bookingRounds.id, round.id));
    await tx.update(bookings).set({ updatedAt: sql`now()` }).where(eq(bookings.id, booking.id));
    await bumpCalendarSequence(tx, [booking.id]);
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'booking.round_moved',
      target: { type: 'booking', id: bookingNumber },
      before: { course_id: request.course_id, tee_time: from.startsAt.toISOString() },
      after: { course_id: request.course_id, tee_time: to.startsAt.toISOString() },
      at: now,
    });

    const record = await loadBookingRecord(tx, booking.id);
    await tellBooker(deps, tx, { booking, record, now }, roundMovedEmail, (frame, { rounds }) => ({
      ...frame,
      courseName: rounds.find((entry) => entry.courseId === request.course_id)?.courseName ?? '',
      from: from.startsAt,
      to: to.startsAt,
    }));
    return {
      booking_number: bookingNumber,
      course_id: request.course_id,
      from: from.startsAt.toISOString(),
      to: to.startsAt.toISOString(),
    };
  });
}
