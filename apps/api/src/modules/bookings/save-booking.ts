import { isCaddieEligible } from '@links/shared/caddies';
import { RESERVATION_WINDOW_MS } from '@links/shared/constants';
import { GROUP_MESSAGES, groupShares, isConsecutiveRun, isGroup, spreadCaddies } from '@links/shared/groups';
import { GOLFER_MESSAGES } from '@links/shared/messages';
import { type PricedGolfer, PricingError, priceBooking, tradeRateTables } from '@links/shared/pricing';
import type { SaveBookingBody, SavedBooking } from '@links/shared/schemas/bookings';
import { CHAMPIONSHIP_INFO_TEXT, slotState, TIME_CONFLICT_TOOLTIP } from '@links/shared/slot-state';
import { londonDate, londonTime } from '@links/shared/uk-time';
import type { FastifyInstance } from 'fastify';
import type { Course } from '../../db/schema/index.ts';
import { type Queryable, statementTransaction } from '../../db/statements.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { SolvedChallenge } from '../../lib/proof-of-work.ts';
import { bookableDates } from '../courses/bookable-dates.ts';
import { listCourses } from '../courses/courses.repository.ts';
import { cancelIntentIfOpen } from '../payment-provider/cancel-open-intent.ts';
import { listPlayerTypes } from '../player-types/player-types.repository.ts';
import { checkPublicPlayerTypes } from '../player-types/public-player-types.ts';
import { livePlayersBySlot } from '../tee-sheet/live-bookings.ts';
import { loadPricingTables } from '../tickets/pricing-tables.repository.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import {
  deleteRoundsAndGolfers,
  findBookingForUpdate,
  groupSlots,
  insertHeldBooking,
  type LockedSlot,
  lockSlots,
  readBookingTimes,
  saveRoundsAndGolfers,
  updateBookingDetails,
} from './bookings.repository.ts';
import { admitNewHold, checkNetworkShare, type HeldRound, type Holder } from './fair-holds.ts';

/** What this use case needs of the app (any object with these members: the app, or a test's own). */
export type SaveBookingDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log' | 'payments'>;

/** A round checked on its locked slot; `players` is the booking's golfers, or a group's share on this tee time. */
export type Round = { index: number; course: Course; slot: LockedSlot; caddies: number; players: number };

/** One round as asked for: the course, its tee time and caddies (the step-1 save's shape). */
export type ChosenRound = SaveBookingBody['courses'][number];

export type BookingReference = Awaited<ReturnType<typeof loadBookingReference>>;

/**
 * The slot rules that differ for staff. The public flow keeps all of them; the reservations desk may book caddies
 * within the last 24 hours, let one golfer play the Championship Course (with a reason), and keep a round where it is
 * though its tee time has since been blocked or moved past the horizon.
 */
export type RoundRules = {
  caddieCutoff: boolean;
  championshipMinimum: boolean;
  /** Tee times the booking already holds: unchanged, they skip the started, blocked and horizon checks. */
  keptSlotIds?: ReadonlySet<number>;
};

const PUBLIC_RULES: RoundRules = { caddieCutoff: true, championshipMinimum: true };

// Read outside the transaction: on PGlite (one connection) a query on deps.db inside it would wait forever.
// A tour operator's trade rate lowers the fee tables themselves, so every price below is at their rate.
export async function loadBookingReference(deps: Pick<SaveBookingDeps, 'db'>, tradeDiscountPercent = 0) {
  const [courses, playerTypes, tables] = await Promise.all([
    listCourses(deps.db),
    listPlayerTypes(deps.db),
    loadPricingTables(deps.db),
  ]);
  return { courses, playerTypes, tables: tradeRateTables(tables, tradeDiscountPercent) };
}

function teeTimeField(index: number) {
  return { [`courses.${index}.teeTime.id`]: 'Please choose another tee time.' };
}

/**
 * The checks that do not depend on other bookings: known course, player types the public may book, and groups of
 * more than four only for tour operators (a visitor hears the spec's count message, as before groups existed).
 */
function checkRequest(
  body: SaveBookingBody,
  reference: BookingReference,
  operatorId: number | null | undefined,
): Map<number, Course> {
  if (isGroup(body.golfers.length) && operatorId == null) {
    throw badRequest(GOLFER_MESSAGES.count, { golfers: GOLFER_MESSAGES.count }, 'validation_failed');
  }
  checkPublicPlayerTypes(body.golfers, reference.playerTypes);
  return knownCourses(body.courses, reference);
}

/**
 * A group's one round asked for, as the rounds it takes: its first tee time and the next ones on that course and
 * day, each with its share of the golfers and of the caddies. Anything else is one round per course, every golfer
 * on each. The slots are locked afterwards with the rest, and each share is checked like any round.
 */
async function roundsAskedFor(
  tx: Queryable,
  chosenRounds: ChosenRound[],
  golferCount: number,
): Promise<Array<ChosenRound & { players: number }>> {
  const [first] = chosenRounds;
  if (!isGroup(golferCount) || !first || chosenRounds.length !== 1) {
    return chosenRounds.map((chosen) => ({ ...chosen, players: golferCount }));
  }
  const shares = groupShares(golferCount);
  const run = await groupSlots(tx, first.teeTime.id, shares.length);
  // No such tee time: the ordinary check below names it unknown.
  if (run.length === 0) return [{ ...first, players: golferCount }];
  if (run.length < shares.length) {
    throw conflict(
      GROUP_MESSAGES.notEnoughTeeTimes(shares.length, londonTime((run[0] as { startsAt: Date }).startsAt)),
      'group_tee_times_unavailable',
      teeTimeField(0),
    );
  }
  // A run across a break in the sheet (a window's end) is not consecutive: the group would wait between them.
  const before = (at: number) => (run[at - 1] as { startsAt: Date }).startsAt;
  const breakAt = run.findIndex((slot, at) => at > 0 && !isConsecutiveRun([before(at), slot.startsAt]));
  if (breakAt > 0) {
    throw conflict(
      GROUP_MESSAGES.notConsecutive(londonTime(before(breakAt))),
      'group_tee_times_unavailable',
      teeTimeField(0),
    );
  }
  const caddies = spreadCaddies(first.caddies, shares);
  return run.map((slot, at) => ({
    id: first.id,
    teeTime: { id: slot.id },
    caddies: caddies[at] ?? 0,
    players: shares[at] ?? 0,
  }));
}

/** The chosen rounds' courses by id; 400 on the round's own field for a course the resort does not have. */
export function knownCourses(chosenRounds: ChosenRound[], reference: BookingReference): Map<number, Course> {
  const courses = new Map<number, Course>();
  for (const [index, chosen] of chosenRounds.entries()) {
    const course = reference.courses.find((row) => row.id === chosen.id);
    if (!course) {
      throw badRequest(
        BOOKING_MESSAGES.unknownCourse(chosen.id),
        { [`courses.${index}.id`]: 'Please choose one of our courses.' },
        'unknown_course',
      );
    }
    courses.set(course.id, course);
  }
  return courses;
}

/** Every slot rule of spec section 5, server-side, on slots locked by this transaction. */
export async function checkRounds(
  tx: Queryable,
  deps: Pick<SaveBookingDeps, 'clock'>,
  chosenRounds: ChosenRound[],
  golferCount: number,
  courses: Map<number, Course>,
  excludeBookingId: number | undefined,
  rules: RoundRules = PUBLIC_RULES,
): Promise<Round[]> {
  const asked = await roundsAskedFor(tx, chosenRounds, golferCount);
  const slots = await lockSlots(
    tx,
    asked.map((chosen) => chosen.teeTime.id),
  );
  const now = deps.clock.now();

  // A group's rounds all answer for its one round asked for (index 0), whose field names its first tee time.
  const rounds: Round[] = asked.map((chosen, at) => {
    const index = Math.min(at, chosenRounds.length - 1);
    const players = chosen.players;
    const course = courses.get(chosen.id) as Course;
    const slot = slots.get(chosen.teeTime.id);
    if (!slot || slot.courseId !== course.id) {
      throw badRequest(BOOKING_MESSAGES.unknownTeeTime(course.name), teeTimeField(index), 'unknown_tee_time');
    }
    const named = { courseName: course.name, startsAt: slot.startsAt };
    if (rules.keptSlotIds?.has(slot.id)) return { index, course, slot, caddies: chosen.caddies, players };
    if (londonDate(slot.startsAt) > bookableDates(course, now).last) {
      throw badRequest(BOOKING_MESSAGES.afterClosing(course.name), teeTimeField(index), 'date_not_bookable');
    }
    if (slot.startsAt.getTime() <= now.getTime()) {
      throw conflict(BOOKING_MESSAGES.started(named), 'tee_time_unavailable', teeTimeField(index));
    }
    if (slot.blocked) {
      throw conflict(BOOKING_MESSAGES.unavailable(named), 'tee_time_unavailable', teeTimeField(index));
    }
    if (rules.caddieCutoff && chosen.caddies > 0 && !isCaddieEligible(slot.startsAt, now)) {
      throw badRequest(
        BOOKING_MESSAGES.caddiesTooLate(named),
        {
          [`courses.${index}.caddies`]: 'Caddies are not available for this round.',
        },
        'caddies_not_available',
      );
    }
    return { index, course, slot, caddies: chosen.caddies, players };
  });

  const taken = await livePlayersBySlot(
    tx,
    rounds.map((round) => round.slot.id),
    excludeBookingId === undefined ? {} : { excludeBookingId },
  );
  for (const round of rounds) {
    const others = taken.get(round.slot.id) ?? 0;
    // A slot with a smaller capacity than the shared four counts its missing places as taken.
    const unavailable = others + Math.max(0, 4 - round.slot.capacity);
    const state = slotState({
      slot: {
        id: round.slot.id,
        slot_date_time: round.slot.startsAt.toISOString(),
        bookings: unavailable > 0 ? [{ booking_id: 0, players: unavailable }] : [],
      },
      courseId: round.course.id,
      golferCount: round.players,
      completionHours: round.course.courseCompletionTime,
      otherCourseTeeTimes: rounds
        .filter((other) => other !== round)
        .map((other) => ({
          courseId: other.course.id,
          start: other.slot.startsAt,
          completionHours: other.course.courseCompletionTime,
        })),
    });
    const named = { courseName: round.course.name, startsAt: round.slot.startsAt };
    const field = teeTimeField(round.index);
    if (state === 'time_conflict') throw badRequest(TIME_CONFLICT_TOOLTIP, field, 'time_conflict');
    if (state === 'full') throw conflict(BOOKING_MESSAGES.slotFull(named), 'slot_full', field);
    if (state === 'too_many_golfers') {
      const free = round.slot.capacity - others;
      throw conflict(BOOKING_MESSAGES.notEnoughPlaces(named, free, round.players), 'slot_full', field);
    }
    if (state === 'min_2_golfers' && rules.championshipMinimum)
      throw conflict(CHAMPIONSHIP_INFO_TEXT, 'championship_min_golfers', field);
  }
  return rounds;
}

/** The server's prices for these golfers on these rounds; 422 when a date has no green fee. */
export function priceRounds(
  golfers: SaveBookingBody['golfers'],
  rounds: Round[],
  reference: BookingReference,
) {
  try {
    // A group's golfers each play one of its rounds: one green fee on its course and day, priced once.
    const played = new Map(
      rounds.map((round) => [
        round.course.id,
        { courseId: round.course.id, date: londonDate(round.slot.startsAt) },
      ]),
    );
    return priceBooking(
      golfers.map((golfer) => ({ id: golfer.id, playerTypeId: golfer.playerTypeId })),
      [...played.values()],
      reference.tables,
    );
  } catch (error) {
    if (error instanceof PricingError && error.code === 'no_fee') {
      throw new AppError('no_green_fee', 422, error.message);
    }
    throw error;
  }
}

/** The answer of both calls, built from what was just written (the server's prices, not the client's). */
async function savedBooking(
  tx: Queryable,
  bookingId: number,
  body: SaveBookingBody,
  rounds: Round[],
  golfers: PricedGolfer[],
  totals: { net: number; vat: number; payable: number },
): Promise<SavedBooking> {
  const times = await readBookingTimes(tx, bookingId);
  return {
    booking_id: bookingId,
    booking_number: times.bookingNumber,
    status: times.status,
    date_created: times.createdAt.toISOString(),
    hold_expires_at: (times.holdExpiresAt ?? times.createdAt).toISOString(),
    server_time: times.serverTime.toISOString(),
    totals: { ...totals, paid: 0, due: totals.payable },
    golfers: golfers.map((golfer, index) => ({
      ...golfer,
      playerTypeId: (body.golfers[index] as SaveBookingBody['golfers'][number]).playerTypeId,
    })),
    courses: rounds.map((round) => ({
      id: round.course.id,
      name: round.course.name,
      teeTime: { id: round.slot.id, time: round.slot.startsAt.toISOString() },
      caddies: round.caddies,
    })),
    notes: body.notes,
  };
}

/** Writes a booking's checked rounds and its golfers as priceRounds priced them (the public flow's and the desk's). */
export async function savePricedRounds(
  tx: Queryable,
  bookingId: number,
  golfers: SaveBookingBody['golfers'],
  rounds: Round[],
  priced: ReturnType<typeof priceRounds>,
): Promise<void> {
  await saveRoundsAndGolfers(
    tx,
    bookingId,
    rounds.map((round) => ({
      courseId: round.course.id,
      slotId: round.slot.id,
      players: round.players,
      caddies: round.caddies,
    })),
    golfers.map((golfer, index) => ({
      position: golfer.id,
      playerTypeId: golfer.playerTypeId,
      priced: priced.golfers[index] as PricedGolfer,
    })),
  );
}

/** Writes the booking's rounds and priced golfers, then reads back the answer of both calls. */
async function saveAndAnswer(
  tx: Queryable,
  bookingId: number,
  body: SaveBookingBody,
  rounds: Round[],
  priced: ReturnType<typeof priceRounds>,
): Promise<SavedBooking> {
  await savePricedRounds(tx, bookingId, body.golfers, rounds, priced);
  return savedBooking(tx, bookingId, body, rounds, priced.golfers, priced.totals);
}

/** A database backstop refusal (the capacity triggers, migration 0006) is a lost race: answer it like one. */
export function isCapacityViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23514' && candidate.constraint === 'tee_slots_capacity') return true;
  }
  return false;
}

const CAPACITY_BACKSTOP_MESSAGE = 'Sorry, someone has just booked that tee time. Please choose another.';

/** A lost race the capacity backstop caught answers 409 like one the checks caught. */
async function answeringBackstop<T>(transaction: Promise<T>): Promise<T> {
  try {
    return await transaction;
  } catch (error) {
    if (isCapacityViolation(error)) throw conflict(CAPACITY_BACKSTOP_MESSAGE, 'slot_full');
    throw error;
  }
}

/** The tee times a booking's rounds hold, for the network-share check. */
function heldRounds(rounds: Round[]): HeldRound[] {
  return rounds.map((round) => ({
    courseId: round.course.id,
    courseName: round.course.name,
    startsAt: round.slot.startsAt,
    players: round.players,
  }));
}

/**
 * Who asks: the browser session, the keyed client address and network, the tour operator signed in with this
 * session (recorded on the booking; null for visitors), and a solved proof-of-work challenge the request carried.
 */
export type Caller = {
  sessionKey: string;
  clientKey: string;
  networkKey: string;
  operatorId?: number | null;
  /** That operator's trade rate (percent off the fees); 0 for visitors. */
  tradeDiscountPercent?: number;
  solvedChallenge?: SolvedChallenge | undefined;
};

/** POST /v1/bookings: checks, prices and holds the places for the reservation window. */
export async function createBooking(deps: SaveBookingDeps, body: SaveBookingBody, caller: Caller) {
  const reference = await loadBookingReference(deps, caller.tradeDiscountPercent);
  const courses = checkRequest(body, reference, caller.operatorId);
  // Only statements of db/statements.ts: the transaction needs no drizzle transaction object.
  return answeringBackstop(
    statementTransaction(deps.db, async (tx) => {
      // The holder first, then slots: one fixed lock order for every path that takes places.
      const holder: Holder = { ...caller, operatorId: caller.operatorId ?? undefined };
      const counts = await admitNewHold(tx, deps.config.bookings, holder, caller.solvedChallenge);
      const rounds = await checkRounds(tx, deps, body.courses, body.golfers.length, courses, undefined);
      await checkNetworkShare(tx, deps.config.bookings, holder, heldRounds(rounds), {
        firstHold: counts.network === 0,
      });
      const priced = priceRounds(body.golfers, rounds, reference);
      const created = await insertHeldBooking(
        tx,
        {
          sessionKey: caller.sessionKey,
          clientKey: caller.clientKey,
          networkKey: caller.networkKey,
          operatorId: caller.operatorId ?? null,
          notes: body.notes,
          caddiesOption: body.caddiesOption ?? null,
          prices: priced.totals,
        },
        RESERVATION_WINDOW_MS,
      );
      return saveAndAnswer(tx, created.id, body, rounds, priced);
    }),
  );
}

/**
 * PATCH /v1/bookings/{id}: the same checks on a held booking; its own places never count against it. A new price
 * makes the payment step 2 opened for the old one stale at once: the booking lets go of it in the same transaction
 * and it is cancelled at the provider after the commit, so it cannot be paid (one paid meanwhile is refunded when
 * it is settled).
 */
export async function updateBooking(
  deps: SaveBookingDeps,
  bookingId: number,
  body: SaveBookingBody,
  caller: Pick<Caller, 'sessionKey' | 'tradeDiscountPercent' | 'operatorId'>,
) {
  const reference = await loadBookingReference(deps, caller.tradeDiscountPercent);
  const courses = checkRequest(body, reference, caller.operatorId);
  let staleIntentId: string | null = null;
  const saved = await answeringBackstop(
    deps.db.transaction(async (tx) => {
      const booking = await findBookingForUpdate(tx, bookingId);
      // Another session's booking answers exactly like a missing one: ids are sequential, so 403 would confirm it.
      if (!booking || booking.sessionKey !== caller.sessionKey) {
        throw notFound(BOOKING_MESSAGES.unknownBooking, 'booking_not_found');
      }
      if (booking.status === 'confirmed') throw conflict(BOOKING_MESSAGES.confirmed, 'booking_confirmed');
      if (booking.status === 'cancelled')
        throw new AppError('booking_cancelled', 410, BOOKING_MESSAGES.cancelled);
      if (booking.status === 'expired' || !booking.holdActive) {
        throw new AppError('booking_expired', 410, BOOKING_MESSAGES.expired);
      }
      const rounds = await checkRounds(tx, deps, body.courses, body.golfers.length, courses, booking.id);
      if (booking.networkKey !== null) {
        const holder = {
          sessionKey: caller.sessionKey,
          clientKey: '',
          networkKey: booking.networkKey,
          operatorId: booking.operatorId ?? undefined,
        };
        await checkNetworkShare(tx, deps.config.bookings, holder, heldRounds(rounds), {
          excludeBookingId: booking.id,
        });
      }
      const priced = priceRounds(body.golfers, rounds, reference);
      const repriced = booking.paymentIntentId !== null && priced.totals.payable !== booking.payablePence;
      staleIntentId = repriced ? booking.paymentIntentId : null;
      await updateBookingDetails(tx, booking.id, {
        notes: body.notes,
        caddiesOption: body.caddiesOption ?? null,
        prices: priced.totals,
        dropPaymentIntent: repriced,
      });
      await deleteRoundsAndGolfers(tx, booking.id);
      return saveAndAnswer(tx, booking.id, body, rounds, priced);
    }),
  );
  if (staleIntentId) await cancelIntentIfOpen(deps.payments, deps.log, staleIntentId);
  return saved;
}

export function sessionRequired(): AppError {
  return forbidden(BOOKING_MESSAGES.sessionRequired, 'session_required');
}
