import { londonTime } from '@links/shared';
import { roundGolferPositions } from '@links/shared/groups';
import type {
  StaffTeeSheet,
  StaffTeeSheetBooking,
  StaffTeeSheetSlot,
  TeeSheetBookingState,
} from '@links/shared/schemas/staff-tee-sheet';
import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  blockedPeriods,
  bookingGolfers,
  bookingRounds,
  bookings,
  courses,
  golferCheckIns,
  operators,
  playerTypes,
  teeSlots,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { leadName } from '../confirmation/confirmation-payload.ts';
import { ukDateRange } from '../courses/bookable-dates.ts';
import { blockCovers } from '../tee-sheet/generate-tee-slots.ts';
import { bookingTakesPlaces } from '../tee-sheet/live-bookings.ts';

// The staff tee sheet (issue 22): one course's UK day, each slot with its block and the bookings that take its
// places now, by the same rule as the capacity check (bookingTakesPlaces): a lapsed hold is not on the sheet.

type RoundRow = {
  roundId: number;
  slotId: number;
  bookingId: number;
  bookingNumber: string;
  status: string;
  paymentMethod: 'online' | 'deposit' | 'offline' | null;
  payablePence: number | null;
  paidPence: number | null;
  holdExpiresAt: Date | null;
  playerDetails: unknown;
  notes: string | null;
  operator: string | null;
  players: number;
  caddies: number;
  courseId: number;
  startsAt: Date;
};

/** How a booking stands: held; confirmed and paid in full; or confirmed on terms with money still due. */
export function bookingState(
  row: Pick<RoundRow, 'status' | 'paymentMethod' | 'payablePence' | 'paidPence'>,
): TeeSheetBookingState {
  if (row.status === 'held') return 'held';
  const due = (row.payablePence ?? 0) - (row.paidPence ?? 0);
  if (due <= 0) return 'paid';
  return row.paymentMethod === 'deposit' ? 'deposit' : 'pay_later';
}

function countStatus(slot: StaffTeeSheetSlot, status: 'arrived' | 'no_show'): number {
  return slot.bookings.reduce(
    (sum, booking) => sum + booking.check_ins.filter((checkIn) => checkIn.status === status).length,
    0,
  );
}

const courseNotFound = () => notFound('There is no such course.', 'course_not_found');

export async function staffTeeSheet(db: DbOrTx, courseId: number, date: string): Promise<StaffTeeSheet> {
  const allCourses = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .orderBy(asc(courses.sortOrder), asc(courses.id));
  const course = allCourses.find((row) => row.id === courseId);
  if (!course) throw courseNotFound();
  const { from, to } = ukDateRange(date, date);

  const slots = await db
    .select({
      id: teeSlots.id,
      startsAt: teeSlots.startsAt,
      capacity: teeSlots.capacity,
      withdrawnAt: teeSlots.withdrawnAt,
    })
    .from(teeSlots)
    .where(and(eq(teeSlots.courseId, courseId), gte(teeSlots.startsAt, from), lt(teeSlots.startsAt, to)))
    .orderBy(asc(teeSlots.startsAt));
  // The blocks reaching into the day; a slot lies in one when it starts inside [starts_at, ends_at) (slotOnSale).
  const blocks = await db
    .select({
      id: blockedPeriods.id,
      startsAt: blockedPeriods.startsAt,
      endsAt: blockedPeriods.endsAt,
      reason: blockedPeriods.reason,
      note: blockedPeriods.note,
    })
    .from(blockedPeriods)
    .where(
      and(
        eq(blockedPeriods.courseId, courseId),
        lt(blockedPeriods.startsAt, to),
        gt(blockedPeriods.endsAt, from),
      ),
    )
    .orderBy(asc(blockedPeriods.startsAt));
  const blockAt = (startsAt: Date) => blocks.find((block) => blockCovers(block, startsAt.getTime())) ?? null;

  const rounds: RoundRow[] =
    slots.length === 0
      ? []
      : await db
          .select({
            roundId: bookingRounds.id,
            slotId: bookingRounds.slotId,
            bookingId: bookings.id,
            bookingNumber: bookings.bookingNumber,
            status: bookings.status,
            paymentMethod: bookings.paymentMethod,
            payablePence: bookings.payablePence,
            paidPence: bookings.paidPence,
            holdExpiresAt: bookings.holdExpiresAt,
            playerDetails: bookings.playerDetails,
            notes: bookings.notes,
            operator: operators.companyName,
            players: bookingRounds.players,
            caddies: bookingRounds.caddies,
            courseId: bookingRounds.courseId,
            startsAt: teeSlots.startsAt,
          })
          .from(bookingRounds)
          .innerJoin(bookings, eq(bookings.id, bookingRounds.bookingId))
          .leftJoin(operators, eq(operators.id, bookings.operatorId))
          .innerJoin(teeSlots, eq(teeSlots.id, bookingRounds.slotId))
          .where(
            and(
              eq(teeSlots.courseId, courseId),
              gte(teeSlots.startsAt, from),
              lt(teeSlots.startsAt, to),
              bookingTakesPlaces,
            ),
          )
          .orderBy(asc(bookings.createdAt), asc(bookings.id));

  const bookingIds = [...new Set(rounds.map((round) => round.bookingId))];
  const golfers =
    bookingIds.length === 0
      ? []
      : await db
          .select({
            bookingId: bookingGolfers.bookingId,
            position: bookingGolfers.position,
            playerType: playerTypes.name,
            name: bookingGolfers.name,
          })
          .from(bookingGolfers)
          .innerJoin(playerTypes, eq(playerTypes.id, bookingGolfers.playerTypeId))
          .where(inArray(bookingGolfers.bookingId, bookingIds))
          .orderBy(asc(bookingGolfers.bookingId), asc(bookingGolfers.position));
  const golfersOf = new Map<number, StaffTeeSheetBooking['golfers']>();
  for (const golfer of golfers) {
    const list = golfersOf.get(golfer.bookingId) ?? [];
    list.push({ position: golfer.position, player_type: golfer.playerType, name: golfer.name });
    golfersOf.set(golfer.bookingId, list);
  }

  // The golfers on each round: all of a booking's, or a group's share on this tee time (this sheet is one course
  // and day, so it holds every round of a group).
  const positionsOf = new Map<number, number[]>();
  for (const bookingId of bookingIds) {
    const own = rounds.filter((round) => round.bookingId === bookingId);
    const positions = roundGolferPositions(own);
    for (const [at, round] of own.entries()) positionsOf.set(round.roundId, positions[at] ?? []);
  }
  const positionsOfRound = (round: RoundRow) =>
    positionsOf.get(round.roundId) ?? Array.from({ length: round.players }, (_, index) => index + 1);

  const roundIds = rounds.map((round) => round.roundId);
  const checkIns =
    roundIds.length === 0
      ? []
      : await db
          .select({
            roundId: golferCheckIns.bookingRoundId,
            position: golferCheckIns.position,
            status: golferCheckIns.status,
          })
          .from(golferCheckIns)
          .where(inArray(golferCheckIns.bookingRoundId, roundIds));
  const checkInOf = new Map(checkIns.map((row) => [`${row.roundId}:${row.position}`, row.status]));
  const checkInsOf = (round: RoundRow): StaffTeeSheetBooking['check_ins'] =>
    round.status !== 'confirmed'
      ? []
      : positionsOfRound(round).map((position) => ({
          position,
          status: checkInOf.get(`${round.roundId}:${position}`) ?? 'expected',
        }));

  const bookingsOf = new Map<number, StaffTeeSheetBooking[]>();
  for (const round of rounds) {
    const list = bookingsOf.get(round.slotId) ?? [];
    list.push({
      round_id: round.roundId,
      booking_number: round.bookingNumber,
      state: bookingState(round),
      lead_name: leadName(round.playerDetails),
      players: round.players,
      caddies: round.caddies,
      golfers: (golfersOf.get(round.bookingId) ?? []).filter((golfer) =>
        positionsOfRound(round).includes(golfer.position),
      ),
      operator: round.operator,
      notes: round.notes?.trim() ? round.notes : null,
      payable: round.payablePence ?? 0,
      paid: round.paidPence ?? 0,
      hold_expires_at:
        round.status === 'held' && round.holdExpiresAt ? round.holdExpiresAt.toISOString() : null,
      check_ins: checkInsOf(round),
    });
    bookingsOf.set(round.slotId, list);
  }

  // A tee time withdrawn by a window change stays on the sheet only while a booking is on it, marked for moving.
  const listed = slots.filter((slot) => slot.withdrawnAt === null || bookingsOf.has(slot.id));
  const sheet: StaffTeeSheetSlot[] = listed.map((slot) => {
    const onSlot = bookingsOf.get(slot.id) ?? [];
    const taken = onSlot.reduce((sum, booking) => sum + booking.players, 0);
    const block = blockAt(slot.startsAt);
    return {
      id: slot.id,
      starts_at: slot.startsAt.toISOString(),
      time: londonTime(slot.startsAt),
      capacity: slot.capacity,
      taken,
      places_left: Math.max(0, slot.capacity - taken),
      block: block
        ? {
            id: block.id,
            reason: block.reason,
            note: block.note,
            starts_at: block.startsAt.toISOString(),
            ends_at: block.endsAt.toISOString(),
          }
        : null,
      outside_windows: slot.withdrawnAt !== null,
      bookings: onSlot,
    };
  });

  return {
    course,
    date,
    courses: allCourses,
    slots: sheet,
    totals: {
      slots: sheet.length,
      blocked: sheet.filter((slot) => slot.block !== null).length,
      golfers: sheet.reduce((sum, slot) => sum + slot.taken, 0),
      bookings: new Set(rounds.map((round) => round.bookingId)).size,
      arrived: sheet.reduce((sum, slot) => sum + countStatus(slot, 'arrived'), 0),
      no_show: sheet.reduce((sum, slot) => sum + countStatus(slot, 'no_show'), 0),
    },
  };
}
