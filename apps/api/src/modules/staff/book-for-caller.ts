import { RESERVATION_WINDOW_MS } from '@links/shared/constants';
import { endOfLondonDay } from '@links/shared/payment-terms';
import type { StaffNewBooking, StaffNewBookingRequest } from '@links/shared/schemas/staff-booking-change';
import { londonDate } from '@links/shared/uk-time';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings } from '../../db/schema/index.ts';
import { insertHeldBooking } from '../bookings/bookings.repository.ts';
import {
  checkRounds,
  knownCourses,
  loadBookingReference,
  priceRounds,
  savePricedRounds,
} from '../bookings/save-booking.ts';
import { confirmLockedBooking, lockBooking } from '../payment/confirm-booking.ts';
import { recordAudit } from './audit-log.ts';
import { answeringBackstop, checkAnyPlayerTypes, deskRules } from './booking-change.ts';

// Booking for a caller (issue 22): the reservations desk books a golfer who phones or walks in. The public engine's
// checks and prices under its locks (checkRounds, priceRounds), with the desk's rules (any player type, caddies up to
// the round, one Championship golfer with a reason) and without the public hold limits (staff are signed in with two
// factors and audited). The booking is confirmed in the same transaction by the step every path shares
// (confirmLockedBooking: a PIN, the confirmation e-mail), with nothing paid and the whole price due at the desk by the
// end of the first round's day; the desk records it with the payment form when it is taken.

export type BookForCallerDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log'>;

export async function bookForCaller(
  deps: BookForCallerDeps,
  request: StaffNewBookingRequest,
  staffUserId: number,
): Promise<StaffNewBooking> {
  const reference = await loadBookingReference(deps);
  checkAnyPlayerTypes(request.golfers, reference);
  const courses = knownCourses(request.courses, reference);
  return answeringBackstop(
    deps.db.transaction(async (tx) => {
      const rounds = await checkRounds(
        tx,
        deps,
        request.courses,
        request.golfers.length,
        courses,
        undefined,
        deskRules(request.championship_override),
      );
      const priced = priceRounds(request.golfers, rounds, reference);
      const created = await insertHeldBooking(
        tx,
        {
          // Owned by no browser: the caller opens it from the e-mailed link or with the PIN.
          sessionKey: `staff:${staffUserId}`,
          clientKey: '',
          networkKey: '',
          operatorId: null,
          notes: request.notes,
          caddiesOption: null,
          prices: priced.totals,
        },
        RESERVATION_WINDOW_MS,
      );
      await savePricedRounds(tx, created.id, request.golfers, rounds, priced);
      const firstDay = rounds.map((round) => londonDate(round.slot.startsAt)).sort()[0] as string;
      const dueAt = endOfLondonDay(firstDay);
      await tx
        .update(bookings)
        .set({ playerDetails: request.contact, balanceDueAt: dueAt, updatedAt: sql`now()` })
        .where(eq(bookings.id, created.id));
      const booking = await lockBooking(tx, created.id);
      if (!booking) throw new Error('the booking just made is missing');
      await confirmLockedBooking(
        deps,
        tx,
        booking,
        {
          courseNames: new Map(reference.courses.map((course) => [course.id, course.name])),
          playerTypeNames: new Map(reference.playerTypes.map((type) => [type.id, type.name])),
        },
        { paidPence: 0, paymentIntentId: null, newsletter: request.contact.stay_connected },
      );
      await recordAudit(tx, {
        actor: { staffUserId },
        action: 'booking.created',
        target: { type: 'booking', id: created.bookingNumber },
        after: {
          rounds: rounds.map((round) => ({
            course_id: round.course.id,
            tee_time: round.slot.startsAt.toISOString(),
            caddies: round.caddies,
          })),
          player_type_ids: request.golfers.map((golfer) => golfer.playerTypeId),
          payable: priced.totals.payable,
          ...(request.championship_override ? { championship_override: request.championship_override } : {}),
        },
        at: deps.clock.now(),
      });
      return {
        booking_number: created.bookingNumber,
        payable: priced.totals.payable,
        due: priced.totals.payable,
        balance_due_at: dueAt.toISOString(),
      };
    }),
  );
}
