import { isGroup } from '@links/shared/groups';
import { formatMoney } from '@links/shared/money';
import { tradeRateTables } from '@links/shared/pricing';
import type {
  StaffBookingChange,
  StaffBookingChangeRequest,
} from '@links/shared/schemas/staff-booking-change';
import { CHANGE_MESSAGES } from '@links/shared/schemas/staff-bookings';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import {
  bookingGolfers,
  bookingRounds,
  bookings,
  golferCheckIns,
  operators,
  staffRefunds,
  teeSlots,
} from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { selectRoundsWithSlot } from '../bookings/bookings.repository.ts';
import {
  type BookingReference,
  checkRounds,
  isCapacityViolation,
  knownCourses,
  loadBookingReference,
  priceRounds,
  type Round,
  type RoundRules,
} from '../bookings/save-booking.ts';
import { bumpCalendarSequence } from '../confirmation/calendar-sequence.ts';
import { type BookingRecord, loadBookingRecord } from '../confirmation/confirmation.repository.ts';
import type { LockedBooking } from '../payment/confirm-booking.ts';
import { recordAudit } from './audit-log.ts';
import {
  creditNotesFor,
  firstRetryAt,
  refundableOf,
  type StaffRefundRow,
  sendRefunds,
  splitRefund,
} from './booking-cancel.ts';
import { bookingChangedEmail } from './booking-changed-email.tsx';
import { lockBookingByNumber } from './lock-booking-by-number.ts';
import { tellBooker } from './tell-booker.ts';

// Staff change a confirmed booking (issue 22): its rounds (another tee time on any day, caddies, a round dropped)
// and its golfers (how many, which player types, also the concession), in one request shaped like the public step-1
// save. The same locks as the booking engine, in its order (the booking row, then the slots by ascending id), the
// same slot rules (checkRounds) with the desk's exceptions, and the same shared pricing: the difference is answered
// first by the preview (which changes nothing), then on commit taken as due (paid at the desk or by phone, recorded
// there), or returned to the card through the provider once, like a cancellation's refund.

export type ChangeDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log' | 'payments'>;

type CurrentRound = {
  id: number;
  courseId: number;
  slotId: number;
  startsAt: Date;
  caddies: number;
};

type Plan = {
  booking: LockedBooking;
  current: CurrentRound[];
  currentGolfers: Array<{ position: number; playerTypeId: number }>;
  rounds: Round[];
  priced: ReturnType<typeof priceRounds>;
  answer: Omit<StaffBookingChange, 'refund'>;
};

/** The desk's exceptions to the public slot rules: caddies up to the round, one Championship golfer with a reason. */
export function deskRules(championshipOverride: string | undefined): RoundRules {
  return { caddieCutoff: false, championshipMinimum: championshipOverride === undefined };
}

const notAllowed = (message: string) => new AppError('change_not_allowed', 422, message);

/** Every player type exists (staff may book any of them); 400 on the golfer's own field. */
export function checkAnyPlayerTypes(
  golfers: ReadonlyArray<{ playerTypeId: number }>,
  reference: BookingReference,
): void {
  const known = new Set(reference.playerTypes.map((type) => type.id));
  for (const [index, golfer] of golfers.entries()) {
    if (!known.has(golfer.playerTypeId)) {
      throw badRequest(
        `There is no player type with id ${golfer.playerTypeId}.`,
        { [`golfers.${index}.playerTypeId`]: CHANGE_MESSAGES.playerType },
        'unknown_player_type',
      );
    }
  }
}

function sameBooking(plan: Omit<Plan, 'answer' | 'priced' | 'booking'>, request: StaffBookingChangeRequest) {
  const roundsKey = (rounds: Array<{ courseId: number; slotId: number; caddies: number }>) =>
    JSON.stringify(
      [...rounds]
        .sort((a, b) => a.courseId - b.courseId)
        .map((round) => [round.courseId, round.slotId, round.caddies]),
    );
  const golfersKey = (golfers: Array<{ position: number; playerTypeId: number }>) =>
    JSON.stringify(
      [...golfers]
        .sort((a, b) => a.position - b.position)
        .map((golfer) => [golfer.position, golfer.playerTypeId]),
    );
  return (
    roundsKey(plan.current) ===
      roundsKey(
        plan.rounds.map((round) => ({
          courseId: round.course.id,
          slotId: round.slot.id,
          caddies: round.caddies,
        })),
      ) &&
    golfersKey(plan.currentGolfers) ===
      golfersKey(
        request.golfers.map((golfer) => ({ position: golfer.id, playerTypeId: golfer.playerTypeId })),
      )
  );
}

/** Reads, locks and checks everything the change needs, and prices it; writes nothing. */
async function planChange(
  deps: ChangeDeps,
  tx: Tx,
  bookingNumber: string,
  request: StaffBookingChangeRequest,
  reference: BookingReference,
): Promise<Plan> {
  const booking = await lockBookingByNumber(tx, bookingNumber);
  if (booking.status !== 'confirmed') throw notAllowed(CHANGE_MESSAGES.notConfirmed);
  checkAnyPlayerTypes(request.golfers, reference);
  const courses = knownCourses(request.courses, reference);
  const current = await selectRoundsWithSlot(tx, {
    id: bookingRounds.id,
    courseId: bookingRounds.courseId,
    slotId: bookingRounds.slotId,
    startsAt: teeSlots.startsAt,
    caddies: bookingRounds.caddies,
  })
    .where(eq(bookingRounds.bookingId, booking.id))
    .orderBy(asc(bookingRounds.courseId));
  const currentGolfers = await tx
    .select({ position: bookingGolfers.position, playerTypeId: bookingGolfers.playerTypeId })
    .from(bookingGolfers)
    .where(eq(bookingGolfers.bookingId, booking.id))
    .orderBy(asc(bookingGolfers.position));
  // A group's golfers and tee times do not fit this form's one round per course: its rounds are moved one by one.
  if (isGroup(currentGolfers.length)) throw notAllowed(CHANGE_MESSAGES.group);
  const rounds = await checkRounds(tx, deps, request.courses, request.golfers.length, courses, booking.id, {
    ...deskRules(request.championship_override),
    keptSlotIds: new Set(current.map((round) => round.slotId)),
  });
  if (sameBooking({ current, currentGolfers, rounds }, request)) throw notAllowed(CHANGE_MESSAGES.nothing);

  // A tour operator's booking is priced again at their trade rate, as when they made it.
  const [operator] =
    booking.operatorId === null
      ? []
      : await tx
          .select({ tradeDiscountPercent: operators.tradeDiscountPercent })
          .from(operators)
          .where(eq(operators.id, booking.operatorId));
  const priced = priceRounds(request.golfers, rounds, {
    ...reference,
    tables: tradeRateTables(reference.tables, operator?.tradeDiscountPercent ?? 0),
  });
  const payableBefore = booking.payablePence ?? 0;
  const payableAfter = priced.totals.payable;
  const paid = booking.paidPence ?? 0;
  const card = await refundableOf(tx, booking.id);
  const refundable = Math.min(Math.max(0, paid - payableAfter), card?.amount ?? 0);
  const typeNames = new Map(reference.playerTypes.map((type) => [type.id, type.name]));
  const before = new Map(current.map((round) => [round.courseId, round]));
  const after = new Set(rounds.map((round) => round.course.id));
  return {
    booking,
    current,
    currentGolfers,
    rounds,
    priced,
    answer: {
      booking_number: bookingNumber,
      rounds: [
        ...rounds.map((round) => ({
          course_id: round.course.id,
          course_name: round.course.name,
          from: before.get(round.course.id)?.startsAt.toISOString() ?? null,
          to: round.slot.startsAt.toISOString(),
          caddies: round.caddies,
        })),
        ...current
          .filter((round) => !after.has(round.courseId))
          .map((round) => ({
            course_id: round.courseId,
            course_name: reference.courses.find((course) => course.id === round.courseId)?.name ?? '',
            from: round.startsAt.toISOString(),
            to: null,
            caddies: 0,
          })),
      ].sort((a, b) => a.course_id - b.course_id),
      golfers: priced.golfers.map((golfer, index) => ({
        position: golfer.id,
        player_type: typeNames.get(request.golfers[index]?.playerTypeId ?? 0) ?? '',
        ticket: golfer.ticket_label,
        total: golfer.total_price,
      })),
      payable_before: payableBefore,
      payable_after: payableAfter,
      difference: payableAfter - payableBefore,
      paid,
      refundable,
      due_after: Math.max(0, payableAfter - paid),
    },
  };
}

/** Rounds kept are updated in place (their check-ins stay), dropped ones deleted, new ones added; golfers rewritten. */
async function writeChange(tx: Tx, plan: Plan, request: StaffBookingChangeRequest): Promise<void> {
  const { booking, current, rounds, priced } = plan;
  const players = request.golfers.length;
  const kept = new Map(current.map((round) => [round.courseId, round]));
  const dropped = current.filter((round) => !rounds.some((next) => next.course.id === round.courseId));
  if (dropped.length > 0) {
    await tx.delete(bookingRounds).where(
      inArray(
        bookingRounds.id,
        dropped.map((round) => round.id),
      ),
    );
  }
  for (const round of rounds) {
    const existing = kept.get(round.course.id);
    if (existing) {
      await tx
        .update(bookingRounds)
        .set({ slotId: round.slot.id, caddies: round.caddies, players })
        .where(eq(bookingRounds.id, existing.id));
    } else {
      await tx.insert(bookingRounds).values({
        bookingId: booking.id,
        courseId: round.course.id,
        slotId: round.slot.id,
        caddies: round.caddies,
        players,
      });
    }
  }
  const keptIds = current.filter((round) => !dropped.includes(round)).map((round) => round.id);
  if (keptIds.length > 0) {
    // A golfer no longer in the booking has no check-in.
    await tx
      .delete(golferCheckIns)
      .where(and(inArray(golferCheckIns.bookingRoundId, keptIds), gt(golferCheckIns.position, players)));
  }
  // The names a tour operator gave stay with the positions the change keeps.
  const names = new Map(
    (
      await tx
        .select({ position: bookingGolfers.position, name: bookingGolfers.name })
        .from(bookingGolfers)
        .where(eq(bookingGolfers.bookingId, booking.id))
    ).map((golfer) => [golfer.position, golfer.name]),
  );
  await tx.delete(bookingGolfers).where(eq(bookingGolfers.bookingId, booking.id));
  await tx.insert(bookingGolfers).values(
    priced.golfers.map((golfer, index) => ({
      name: names.get(golfer.id) ?? '',
      bookingId: booking.id,
      position: golfer.id,
      playerTypeId: request.golfers[index]?.playerTypeId ?? 0,
      netPence: golfer.net_price,
      vatPence: golfer.total_vat,
      totalPence: golfer.total_price,
      tickets: golfer.tickets,
      ticketLabel: golfer.ticket_label,
    })),
  );
  await tx
    .update(bookings)
    .set({
      netPence: priced.totals.net,
      vatPence: priced.totals.vat,
      payablePence: priced.totals.payable,
      paidPence: plan.answer.paid - request.refund,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, booking.id));
}

/** The pending refunds of this change (one per card payment it is taken from), each with a key of its own. */
async function writeRefunds(
  tx: Tx,
  booking: LockedBooking,
  amount: number,
  staffUserId: number,
  now: Date,
): Promise<StaffRefundRow[]> {
  if (amount <= 0) return [];
  const refundable = await refundableOf(tx, booking.id);
  if (!refundable) return [];
  const [earlier] = await tx
    .select({ total: count() })
    .from(staffRefunds)
    .where(eq(staffRefunds.bookingId, booking.id));
  const rows = await tx
    .insert(staffRefunds)
    .values(
      splitRefund(refundable.parts, amount).map((part, index) => ({
        bookingId: booking.id,
        paymentIntentId: part.intentId,
        amountPence: part.amount,
        idempotencyKey: `staff-change-${booking.id}-${(earlier?.total ?? 0) + 1 + index}`,
        staffUserId,
        nextAttemptAt: firstRetryAt(now),
      })),
    )
    .returning();
  await creditNotesFor(tx, rows, now);
  return rows;
}

function audited(rounds: Array<{ courseId: number; startsAt: Date; caddies: number }>, golfers: number[]) {
  return {
    rounds: rounds.map((round) => ({
      course_id: round.courseId,
      tee_time: round.startsAt.toISOString(),
      caddies: round.caddies,
    })),
    player_type_ids: golfers,
  };
}

async function tellGolfer(
  deps: ChangeDeps,
  tx: Tx,
  plan: Plan,
  record: BookingRecord,
  droppedRounds: BookingRecord['rounds'],
  refund: number,
  now: Date,
): Promise<void> {
  const notice = { booking: plan.booking, record, now, droppedRounds };
  await tellBooker(deps, tx, notice, bookingChangedEmail, (frame) => ({
    ...frame,
    rounds: record.rounds.map((round) => ({
      courseName: round.courseName,
      startsAt: round.startsAt,
      players: round.players,
      caddies: round.caddies,
    })),
    droppedRounds: droppedRounds.map((round) => ({
      courseName: round.courseName,
      startsAt: round.startsAt,
    })),
    golfers: record.golfers.map((golfer) => golfer.playerType),
    payable: formatMoney(plan.answer.payable_after),
    due: plan.answer.due_after > 0 ? formatMoney(plan.answer.due_after) : null,
    refund: refund > 0 ? formatMoney(refund) : null,
  }));
}

/** A lost race the capacity triggers caught reads like one the checks caught. */
export async function answeringBackstop<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isCapacityViolation(error)) {
      throw new AppError(
        'change_not_allowed',
        409,
        'Sorry, someone has just booked that tee time. Please choose another.',
      );
    }
    throw error;
  }
}

/** What the change would do, its price and what may be refunded: read under the change's own locks; writes nothing. */
export async function previewChange(
  deps: ChangeDeps,
  bookingNumber: string,
  request: StaffBookingChangeRequest,
): Promise<StaffBookingChange> {
  const reference = await loadBookingReference(deps);
  return deps.db.transaction(async (tx) => {
    const plan = await planChange(deps, tx, bookingNumber, request, reference);
    return { ...plan.answer, refund: null };
  });
}

export async function changeBooking(
  deps: ChangeDeps,
  bookingNumber: string,
  request: StaffBookingChangeRequest,
  staffUserId: number,
): Promise<StaffBookingChange> {
  const reference = await loadBookingReference(deps);
  const { answer, refunds } = await answeringBackstop(
    deps.db.transaction(async (tx) => {
      const plan = await planChange(deps, tx, bookingNumber, request, reference);
      if (request.refund > plan.answer.refundable) {
        throw new AppError('refund_amount_invalid', 422, CHANGE_MESSAGES.tooMuchRefund);
      }
      const now = deps.clock.now();
      const before = await loadBookingRecord(tx, plan.booking.id);
      await writeChange(tx, plan, request);
      await bumpCalendarSequence(tx, [plan.booking.id]);
      const refundRows = await writeRefunds(tx, plan.booking, request.refund, staffUserId, now);
      await recordAudit(tx, {
        actor: { staffUserId },
        action: 'booking.changed',
        target: { type: 'booking', id: bookingNumber },
        before: {
          ...audited(
            plan.current,
            plan.currentGolfers.map((golfer) => golfer.playerTypeId),
          ),
          payable: plan.answer.payable_before,
        },
        after: {
          ...audited(
            plan.rounds.map((round) => ({
              courseId: round.course.id,
              startsAt: round.slot.startsAt,
              caddies: round.caddies,
            })),
            request.golfers.map((golfer) => golfer.playerTypeId),
          ),
          payable: plan.answer.payable_after,
          refund: request.refund,
          reason: request.reason,
          ...(request.championship_override ? { championship_override: request.championship_override } : {}),
        },
        at: now,
      });
      const record = await loadBookingRecord(tx, plan.booking.id);
      if (record) {
        const kept = new Set(record.rounds.map((round) => round.courseId));
        const droppedRounds = (before?.rounds ?? []).filter((round) => !kept.has(round.courseId));
        await tellGolfer(deps, tx, plan, record, droppedRounds, request.refund, now);
      }
      // A refund is at most what was overpaid, so what is due after it is the plan's.
      return { answer: plan.answer, refunds: refundRows };
    }),
  );
  if (refunds.length === 0) return { ...answer, refund: null };
  return { ...answer, refund: await sendRefunds(deps, refunds) };
}
