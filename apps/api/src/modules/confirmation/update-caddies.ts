import type { UpdateCaddiesBody } from '@links/shared/schemas/confirmation';
import {
  CONFIRMATION_ERROR_CODES as CODES,
  CONFIRMATION_MESSAGES as M,
} from '@links/shared/schemas/confirmation';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookingRounds, bookings, courses, teeSlots } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { selectRoundsWithSlotAndCourse } from '../bookings/bookings.repository.ts';
import { recordAudit } from '../staff/audit-log.ts';
import { bumpCalendarSequence } from './calendar-sequence.ts';
import { bookingNotFound } from './confirmation-access.ts';
import { caddiesEditable } from './confirmation-payload.ts';

/** What this use case needs of the app (any object with these members: the app, or a test's own). */
export type UpdateCaddiesDeps = Pick<FastifyInstance, 'clock' | 'db'>;

export type CaddieChange = { courseId: number; courseName: string; from: number; caddies: number };

export type UpdateCaddiesOptions = {
  /** Staff may change a round within its last 24 hours (never after the booking's last round). */
  overrideCutoff?: boolean;
  /** Runs in the change's transaction when a count changed (the staff area: its audit row and the golfer's e-mail). */
  afterChange?: (tx: Tx, bookingId: number, changes: CaddieChange[]) => Promise<void>;
};

const invalid = (message: string, field: string) =>
  new AppError(CODES.caddiesInvalid, 422, message, { [field]: message });
const locked = (message: string, field: string) =>
  new AppError(CODES.caddiesLocked, 422, message, { [field]: message });

/**
 * Sets the caddies of a confirmed booking's rounds. All or nothing: every requested round must exist, stay within
 * its golfers, and either keep its count or have a tee time more than 24 hours away on the route clock; one
 * refusal changes nothing. The booking row is locked first (the booking engine's lock order), so two edits of
 * the same booking apply one after the other. Caddies are paid in cash at play, so the totals do not change.
 */
export async function updateCaddies(
  deps: UpdateCaddiesDeps,
  bookingId: number,
  body: UpdateCaddiesBody,
  options: UpdateCaddiesOptions = {},
): Promise<CaddieChange[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    if (!booking || (booking.status !== 'confirmed' && booking.status !== 'cancelled')) {
      throw bookingNotFound();
    }
    if (booking.status === 'cancelled') throw conflict(M.cancelled, 'booking_cancelled');
    const rounds = await selectRoundsWithSlotAndCourse(tx, {
      courseId: bookingRounds.courseId,
      courseName: courses.name,
      startsAt: teeSlots.startsAt,
      players: bookingRounds.players,
      caddies: bookingRounds.caddies,
    }).where(eq(bookingRounds.bookingId, booking.id));
    const lastTeeTime = Math.max(...rounds.map((round) => round.startsAt.getTime()));
    const changes: CaddieChange[] = [];
    for (const [index, wanted] of body.courses.entries()) {
      const field = `courses.${index}.caddies`;
      const round = rounds.find((candidate) => candidate.courseId === wanted.id);
      if (!round) throw invalid(M.unknownRound(wanted.id), `courses.${index}.id`);
      // A group's caddies are spread over several tee times on this course: one number cannot say where.
      if (rounds.filter((candidate) => candidate.courseId === wanted.id).length > 1)
        throw locked(M.groupCaddies, field);
      if (wanted.caddies > round.players)
        throw invalid(M.caddiesOverGolfers(round.courseName, round.players), field);
      if (wanted.caddies === round.caddies) continue;
      if (now.getTime() > lastTeeTime) throw locked(M.played, field);
      if (!options.overrideCutoff && !caddiesEditable(booking, round.startsAt, now))
        throw locked(M.caddiesLocked(round.courseName), field);
      changes.push({
        courseId: round.courseId,
        courseName: round.courseName,
        from: round.caddies,
        caddies: wanted.caddies,
      });
    }
    for (const change of changes) {
      await tx
        .update(bookingRounds)
        .set({ caddies: change.caddies })
        .where(and(eq(bookingRounds.bookingId, booking.id), eq(bookingRounds.courseId, change.courseId)));
    }
    // The caddies are in the calendar events' descriptions: a changed count is a new version of them.
    if (changes.length > 0) {
      await bumpCalendarSequence(tx, booking.id);
      await options.afterChange?.(tx, booking.id, changes);
    }
    return changes;
  });
}

/**
 * The golfer's (or tour operator's) own change from the confirmation page: the same rules, and an audit row per round
 * with them as the actor, so the booking's timeline on the staff page has their changes beside the staff's.
 */
export function updateOwnCaddies(
  deps: UpdateCaddiesDeps,
  bookingId: number,
  body: UpdateCaddiesBody,
): Promise<CaddieChange[]> {
  const now = deps.clock.now();
  return updateCaddies(deps, bookingId, body, {
    afterChange: async (tx, id, made) => {
      const [owner] = await tx
        .select({ bookingNumber: bookings.bookingNumber, operatorId: bookings.operatorId })
        .from(bookings)
        .where(eq(bookings.id, id));
      for (const change of made) {
        await recordAudit(tx, {
          actor: owner?.operatorId ? 'operator' : 'golfer',
          action: 'booking.caddies_changed',
          target: { type: 'booking', id: owner?.bookingNumber ?? String(id) },
          before: { course_id: change.courseId, caddies: change.from },
          after: { course_id: change.courseId, caddies: change.caddies },
          at: now,
        });
      }
    },
  });
}
