import { londonDate, todayInLondon } from '@links/shared';
import { roundGolferPositions } from '@links/shared/groups';
import {
  CHECK_IN_MESSAGES,
  type CheckInAnswer,
  type CheckInRequest,
  type CheckInStatus,
} from '@links/shared/schemas/staff-tee-sheet';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingRounds, bookings, golferCheckIns, teeSlots } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { selectRoundsWithBookingAndSlot, selectRoundsWithSlot } from '../bookings/bookings.repository.ts';
import { recordAudit } from './audit-log.ts';

// The starter's check-in (issue 22): one golfer of one round marked arrived or a no-show, or back to expected, with
// its audit row in the same transaction. Only a confirmed booking checks in, and only from its round's UK day.

const notAllowed = (message: string) => new AppError('check_in_not_allowed', 422, message);

export async function setCheckIn(
  db: Db,
  request: CheckInRequest,
  staffUserId: number,
  now: Date,
): Promise<CheckInAnswer> {
  return db.transaction(async (tx) => {
    const [round] = await selectRoundsWithBookingAndSlot(tx, {
      bookingId: bookings.id,
      courseId: bookingRounds.courseId,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      players: bookingRounds.players,
      startsAt: teeSlots.startsAt,
    })
      .where(eq(bookingRounds.id, request.round_id))
      // One change at a time per round: two starters marking the same golfer leave one answer and two audit rows
      // in the order they happened.
      .for('update', { of: bookingRounds });
    if (!round) throw notFound('There is no such booking on the tee sheet.', 'round_not_found');
    if (round.status !== 'confirmed') throw notAllowed(CHECK_IN_MESSAGES.notConfirmed);
    // The round's own golfers: a group's share on this tee time, or all of an ordinary booking's.
    const courseRounds = await selectRoundsWithSlot(tx, {
      id: bookingRounds.id,
      courseId: bookingRounds.courseId,
      startsAt: teeSlots.startsAt,
      players: bookingRounds.players,
    }).where(and(eq(bookingRounds.bookingId, round.bookingId), eq(bookingRounds.courseId, round.courseId)));
    const positions =
      roundGolferPositions(courseRounds)[courseRounds.findIndex((own) => own.id === request.round_id)];
    if (!positions?.includes(request.position)) throw notAllowed(CHECK_IN_MESSAGES.noSuchGolfer);
    if (londonDate(round.startsAt) > todayInLondon(now)) throw notAllowed(CHECK_IN_MESSAGES.notYet);

    const where = and(
      eq(golferCheckIns.bookingRoundId, request.round_id),
      eq(golferCheckIns.position, request.position),
    );
    const [existing] = await tx.select({ status: golferCheckIns.status }).from(golferCheckIns).where(where);
    const before: CheckInStatus = existing?.status ?? 'expected';
    if (before !== request.status) {
      if (request.status === 'expected') {
        await tx.delete(golferCheckIns).where(where);
      } else {
        await tx
          .insert(golferCheckIns)
          .values({
            bookingRoundId: request.round_id,
            position: request.position,
            status: request.status,
            staffUserId,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [golferCheckIns.bookingRoundId, golferCheckIns.position],
            set: { status: request.status, staffUserId, updatedAt: sql`excluded.updated_at` },
          });
      }
      await recordAudit(tx, {
        actor: { staffUserId },
        action: 'golfer.checked_in',
        target: { type: 'booking', id: round.bookingNumber },
        before: { round_id: request.round_id, position: request.position, status: before },
        after: { round_id: request.round_id, position: request.position, status: request.status },
        at: now,
      });
    }
    return {
      round_id: request.round_id,
      booking_number: round.bookingNumber,
      position: request.position,
      status: request.status,
    };
  });
}
