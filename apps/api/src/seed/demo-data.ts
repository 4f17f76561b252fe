import { createHash } from 'node:crypto';
import { COURSE_IDS, UNDER_16_PLAYER_TYPE_ID } from '@links/shared/constants';
import { priceBooking } from '@links/shared/pricing';
import { addDays, londonWallTimeToUtc, todayInLondon, weekdayOf } from '@links/shared/uk-time';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { blockedPeriods, bookingGolfers, bookingRounds, bookings, teeSlots } from '../db/schema/index.ts';
import { loadPricingTables } from '../modules/tickets/pricing-tables.repository.ts';
import { ADULT_PLAYER_TYPE_ID } from './reference-data.ts';

// Demo content, loaded only with { demo: true }: a few blocked periods and confirmed bookings near today, so the
// tee sheet and the calendar show every state. Dates are planned from `now`; a second run adds nothing.

/** The first date after `today` (at least `minDays` ahead) that falls on one of the weekdays. */
function nextDateOn(today: string, weekdays: number[], minDays: number): string {
  let date = addDays(today, minDays);
  while (!weekdays.includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}

const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];
const SATURDAY = 6;
const SUNDAY = 0;

export async function seedDemoBlockedPeriods(db: DbOrTx, now: Date): Promise<void> {
  const upcoming = await db
    .select({ id: blockedPeriods.id })
    .from(blockedPeriods)
    .where(gt(blockedPeriods.endsAt, now));
  if (upcoming.length > 0) return;
  const today = todayInLondon(now);
  const wednesday = nextDateOn(today, [3], 3);
  const sunday = nextDateOn(today, [SUNDAY], 2);
  await db
    .insert(blockedPeriods)
    .values([
      {
        courseId: COURSE_IDS.championship,
        startsAt: londonWallTimeToUtc(wednesday, '09:00'),
        endsAt: londonWallTimeToUtc(wednesday, '11:00'),
        reason: 'competition',
        note: 'Club medal: first tee reserved for members',
      },
      {
        courseId: COURSE_IDS.burnside,
        startsAt: londonWallTimeToUtc(sunday, '15:30'),
        endsAt: londonWallTimeToUtc(sunday, '18:00'),
        reason: 'dark',
        note: 'Dark time: too little daylight to finish a round',
      },
      {
        courseId: COURSE_IDS.buddonLinks,
        startsAt: londonWallTimeToUtc(sunday, '15:30'),
        endsAt: londonWallTimeToUtc(sunday, '18:00'),
        reason: 'dark',
        note: 'Dark time: too little daylight to finish a round',
      },
    ])
    .onConflictDoNothing();
}

type DemoRound = { courseId: number; date: string; time: string; players: number };
type DemoBooking = { rounds: DemoRound[]; juniors?: number };

/** Stable, random-looking 10-digit booking numbers, so reseeding finds the demo bookings it made before. */
export function demoBookingNumber(index: number): string {
  const digest = createHash('sha256').update(`links-demo-booking-${index}`).digest();
  return String(1_000_000_000 + (digest.readUInt32BE(0) % 9_000_000_000));
}

function demoPlan(today: string): DemoBooking[] {
  const first = nextDateOn(today, MONDAY_TO_FRIDAY, 1);
  const second = nextDateOn(first, MONDAY_TO_FRIDAY, 1);
  const saturday = nextDateOn(today, [SATURDAY], 3);
  const plan: DemoBooking[] = [
    // Championship 09:00 full (two pairs), 09:10 started by a pair (a single golfer may join), 09:20 three-ball.
    { rounds: [{ courseId: COURSE_IDS.championship, date: first, time: '09:00', players: 2 }] },
    { rounds: [{ courseId: COURSE_IDS.championship, date: first, time: '09:00', players: 2 }] },
    { rounds: [{ courseId: COURSE_IDS.championship, date: first, time: '09:10', players: 2 }] },
    { rounds: [{ courseId: COURSE_IDS.championship, date: first, time: '09:20', players: 3 }], juniors: 1 },
    { rounds: [{ courseId: COURSE_IDS.burnside, date: first, time: '10:00', players: 1 }] },
    { rounds: [{ courseId: COURSE_IDS.buddonLinks, date: first, time: '13:30', players: 4 }] },
    // A combination: Championship in the morning, Burnside the next afternoon.
    {
      rounds: [
        { courseId: COURSE_IDS.championship, date: second, time: '09:30', players: 2 },
        { courseId: COURSE_IDS.burnside, date: second, time: '14:00', players: 2 },
      ],
    },
  ];
  // A society outing fills most of a Saturday on Burnside, so the calendar shows a 'low' day.
  for (let minutes = 14 * 60; minutes <= 17 * 60 + 10; minutes += 10) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    plan.push({ rounds: [{ courseId: COURSE_IDS.burnside, date: saturday, time, players: 4 }] });
  }
  return plan;
}

/** Inserts the demo bookings whose tee slots exist; returns how many it added. */
export async function seedDemoBookings(db: Db, now: Date): Promise<number> {
  const plan = demoPlan(todayInLondon(now));
  const numbers = plan.map((_, index) => demoBookingNumber(index));
  const existing = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(inArray(bookings.bookingNumber, numbers))
    .limit(1);
  if (existing.length > 0) return 0;

  const tables = await loadPricingTables(db);
  let added = 0;
  await db.transaction(async (tx) => {
    for (const [index, demo] of plan.entries()) {
      const slots = await Promise.all(
        demo.rounds.map(async (round) => {
          const [slot] = await tx
            .select({ id: teeSlots.id })
            .from(teeSlots)
            .where(
              and(
                eq(teeSlots.courseId, round.courseId),
                eq(teeSlots.startsAt, londonWallTimeToUtc(round.date, round.time)),
              ),
            );
          return slot;
        }),
      );
      if (slots.some((slot) => slot === undefined)) continue;

      const golferCount = Math.max(...demo.rounds.map((round) => round.players));
      const juniors = demo.juniors ?? 0;
      const golfers = Array.from({ length: golferCount }, (_, position) => ({
        id: position + 1,
        playerTypeId: position >= golferCount - juniors ? UNDER_16_PLAYER_TYPE_ID : ADULT_PLAYER_TYPE_ID,
      }));
      const priced = priceBooking(
        golfers,
        demo.rounds.map((round) => ({ courseId: round.courseId, date: round.date })),
        tables,
      );
      const [booking] = await tx
        .insert(bookings)
        .values({
          bookingNumber: numbers[index]!,
          status: 'confirmed',
          notes: 'Demo booking',
          caddiesOption: 'none',
          netPence: priced.totals.net,
          vatPence: priced.totals.vat,
          payablePence: priced.totals.payable,
          paidPence: priced.totals.payable,
          confirmedAt: now,
        })
        .returning({ id: bookings.id });
      await tx.insert(bookingGolfers).values(
        priced.golfers.map((golfer, position) => ({
          bookingId: booking!.id,
          position: position + 1,
          playerTypeId: golfers[position]!.playerTypeId,
          netPence: golfer.net_price,
          vatPence: golfer.total_vat,
          totalPence: golfer.total_price,
          tickets: golfer.tickets,
          ticketLabel: golfer.ticket_label,
        })),
      );
      await tx.insert(bookingRounds).values(
        demo.rounds.map((round, roundIndex) => ({
          bookingId: booking!.id,
          courseId: round.courseId,
          slotId: slots[roundIndex]!.id,
          players: round.players,
        })),
      );
      added += 1;
    }
  });
  return added;
}
