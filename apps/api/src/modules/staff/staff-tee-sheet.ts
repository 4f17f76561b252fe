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

/** The columns bookingState reads, for a query's select. */
export const bookingStateColumns = {
  status: bookings.status,
  paymentMethod: bookings.paymentMethod,
  payablePence: bookings.payablePence,
  paidPence: bookings.paidPence,
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

/** The items by key, each list in the items' order (Map.groupBy is ES2024). */
function groupBy<Item, Key>(items: readonly Item[], keyOf: (item: Item) => Key): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
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
  const reachesIntoDay = and(lt(blockedPeriods.startsAt, to), gt(blockedPeriods.endsAt, from));
  const blocks = await db
    .select({
      id: blockedPeriods.id,
      startsAt: blockedPeriods.startsAt,
      endsAt: blockedPeriods.endsAt,
      reason: blockedPeriods.reason,
      note: blockedPeriods.note,
    })
    .from(blockedPeriods)
    .where(and(eq(blockedPeriods.courseId, courseId), reachesIntoDay))
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
            ...bookingStateColumns,
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

  const roundsOfBooking = groupBy(rounds, (round) => round.bookingId);
  const bookingIds = [...roundsOfBooking.keys()];
  const golfers =
    bookingIds.length === 0
      ? []
      : await db
          .select({ golfer: bookingGolfers, playerType: playerTypes.name })
          .from(bookingGolfers)
          .innerJoin(playerTypes, eq(playerTypes.id, bookingGolfers.playerTypeId))
          .where(inArray(bookingGolfers.bookingId, bookingIds))
          .orderBy(asc(bookingGolfers.bookingId), asc(bookingGolfers.position));
  const golfersOf = groupBy(golfers, ({ golfer }) => golfer.bookingId);

  // The golfers on each round: all of a booking's, or a group's share on this tee time (this sheet is one course
  // and day, so it holds every round of a group).
  const positionsOf = new Map<number, number[]>();
  for (const own of roundsOfBooking.values()) {
    const positions = roundGolferPositions(own);
    for (const [at, round] of own.entries()) positionsOf.set(round.roundId, positions[at] ?? []);
  }

  const roundIds = rounds.map((round) => round.roundId);
  const checkIns =
    roundIds.length === 0
      ? []
      : await db.select().from(golferCheckIns).where(inArray(golferCheckIns.bookingRoundId, roundIds));
  const checkInOf = new Map(checkIns.map((row) => [`${row.bookingRoundId}:${row.position}`, row.status]));
  const checkInsOf = (round: RoundRow, positions: number[]): StaffTeeSheetBooking['check_ins'] =>
    round.status !== 'confirmed'
      ? []
      : positions.map((position) => ({
          position,
          status: checkInOf.get(`${round.roundId}:${position}`) ?? 'expected',
        }));

  const onSheet = (round: RoundRow): StaffTeeSheetBooking => {
    const positions = positionsOf.get(round.roundId) ?? [];
    return {
      round_id: round.roundId,
      booking_number: round.bookingNumber,
      state: bookingState(round),
      lead_name: leadName(round.playerDetails),
      players: round.players,
      caddies: round.caddies,
      golfers: (golfersOf.get(round.bookingId) ?? [])
        .filter(({ golfer }) => positions.includes(golfer.position))
        .map(({ golfer, playerType }) => ({
          position: golfer.position,
          player_type: playerType,
          name: golfer.name,
        })),
      operator: round.operator,
      notes: round.notes?.trim() ? round.notes : null,
      payable: round.payablePence ?? 0,
      paid: round.paidPence ?? 0,
      hold_expires_at:
        round.status === 'held' && round.holdExpiresAt ? round.holdExpiresAt.toISOString() : null,
      check_ins: checkInsOf(round, positions),
    };
  };
  const roundsOn = groupBy(rounds, (round) => round.slotId);

  // A tee time withdrawn by a window change stays on the sheet only while a booking is on it, marked for moving.
  const listed = slots.filter((slot) => slot.withdrawnAt === null || roundsOn.has(slot.id));
  const sheet: StaffTeeSheetSlot[] = listed.map((slot) => {
    const onSlot = (roundsOn.get(slot.id) ?? []).map(onSheet);
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
      bookings: roundsOfBooking.size,
      arrived: sheet.reduce((sum, slot) => sum + countStatus(slot, 'arrived'), 0),
      no_show: sheet.reduce((sum, slot) => sum + countStatus(slot, 'no_show'), 0),
    },
  };
}
