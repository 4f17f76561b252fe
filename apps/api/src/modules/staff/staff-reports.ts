import type { Ticket } from '@links/shared/pricing';
import {
  LEAD_TIME_BUCKETS,
  type ReportGrain,
  type ReportQuery,
  type StaffReport,
} from '@links/shared/schemas/staff-reports';
import {
  addDays,
  daysBetween,
  londonDate,
  londonTime,
  londonWallTimeToUtc,
  weekdayOf,
} from '@links/shared/uk-time';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookingGolfers,
  bookingRounds,
  bookings,
  courses,
  golferCheckIns,
  operators,
  playerTypes,
  teeSlots,
} from '../../db/schema/index.ts';

// The resort's reports (issue 23). Everything counts confirmed bookings with a round played (or to be played) in the
// period, by the UK day of play; read once, then grouped here, so every section is the same bookings seen another way.

/** The first day of the period a UK date falls in: itself, its Monday, or the 1st of its month. */
export function periodOf(date: string, grain: ReportGrain): string {
  if (grain === 'day') return date;
  if (grain === 'month') return `${date.slice(0, 7)}-01`;
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** Every period from `from` to `to`, in order, so a chart's time axis has no silent gaps. */
function periodsBetween(from: string, to: string, grain: ReportGrain): string[] {
  const periods: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const period = periodOf(day, grain);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

function leadTimeBucket(days: number): (typeof LEAD_TIME_BUCKETS)[number] {
  if (days <= 0) return 'Same day';
  if (days <= 7) return '1 to 7 days';
  if (days <= 30) return '8 to 30 days';
  if (days <= 90) return '31 to 90 days';
  return 'Over 90 days';
}

/** ISO weekday (1 Monday) and hour of an instant in the UK, by the shared UK-time helpers. */
function londonWeekdayHour(instant: Date): { weekday: number; hour: number } {
  return {
    weekday: ((weekdayOf(londonDate(instant)) + 6) % 7) + 1,
    hour: Number(londonTime(instant).slice(0, 2)),
  };
}

function add<K>(map: Map<K, number>, key: K, amount: number): void {
  map.set(key, (map.get(key) ?? 0) + amount);
}

export async function staffReport(db: DbOrTx, query: ReportQuery, now: Date): Promise<StaffReport> {
  const start = londonWallTimeToUtc(query.from, '00:00');
  const end = londonWallTimeToUtc(addDays(query.to, 1), '00:00');
  const inPeriod = and(gte(teeSlots.startsAt, start), lt(teeSlots.startsAt, end));
  const confirmedInPeriod = and(eq(bookings.status, 'confirmed'), inPeriod);

  const [courseRows, typeRows, rounds, slotHours] = await Promise.all([
    db.select({ id: courses.id, name: courses.name }).from(courses).orderBy(courses.id),
    db.select({ id: playerTypes.id, name: playerTypes.name }).from(playerTypes),
    db
      .select({
        roundId: bookingRounds.id,
        bookingId: bookingRounds.bookingId,
        courseId: bookingRounds.courseId,
        players: bookingRounds.players,
        startsAt: teeSlots.startsAt,
        operatorId: bookings.operatorId,
        company: operators.companyName,
        payable: bookings.payablePence,
        confirmedAt: bookings.confirmedAt,
      })
      .from(bookingRounds)
      .innerJoin(teeSlots, eq(teeSlots.id, bookingRounds.slotId))
      .innerJoin(bookings, eq(bookings.id, bookingRounds.bookingId))
      .leftJoin(operators, eq(operators.id, bookings.operatorId))
      .where(confirmedInPeriod),
    // Places per course and hour (whole-hour offsets, so the UTC hour is the UK hour's instant).
    db
      .select({
        courseId: teeSlots.courseId,
        hour: sql<string>`date_trunc('hour', ${teeSlots.startsAt})`,
        capacity: sql<number>`sum(${teeSlots.capacity})::integer`,
      })
      .from(teeSlots)
      .where(inPeriod)
      .groupBy(teeSlots.courseId, sql`date_trunc('hour', ${teeSlots.startsAt})`),
  ]);
  const courseName = new Map(courseRows.map((row) => [row.id, row.name]));
  const typeName = new Map(typeRows.map((row) => [row.id, row.name]));
  const bookingIds = [...new Set(rounds.map((round) => round.bookingId))];
  const roundIds = rounds.map((round) => round.roundId);
  const [golfers, checkIns] = await Promise.all([
    bookingIds.length === 0
      ? []
      : db
          .select({
            bookingId: bookingGolfers.bookingId,
            playerTypeId: bookingGolfers.playerTypeId,
            tickets: bookingGolfers.tickets,
          })
          .from(bookingGolfers)
          .where(inArray(bookingGolfers.bookingId, bookingIds)),
    roundIds.length === 0
      ? []
      : db
          .select({ roundId: golferCheckIns.bookingRoundId, status: golferCheckIns.status })
          .from(golferCheckIns)
          .where(inArray(golferCheckIns.bookingRoundId, roundIds)),
  ]);

  // Sales: rounds and golfers by the round's day; revenue from each golfer's tickets, a ticket's price shared by its
  // courses, counted on the day that course is played.
  const salesKey = (period: string, courseId: number) => `${period}|${courseId}`;
  const roundsBy = new Map<string, number>();
  const golfersBy = new Map<string, number>();
  const revenueBy = new Map<string, number>();
  const roundDay = new Map<string, string>();
  for (const round of rounds) {
    const key = salesKey(periodOf(londonDate(round.startsAt), query.grain), round.courseId);
    add(roundsBy, key, 1);
    add(golfersBy, key, round.players);
    roundDay.set(`${round.bookingId}|${round.courseId}`, key);
  }
  for (const golfer of golfers) {
    for (const ticket of golfer.tickets as Ticket[]) {
      const share = ticket.course_ids.length > 0 ? ticket.price / ticket.course_ids.length : 0;
      for (const courseId of ticket.course_ids) {
        const key = roundDay.get(`${golfer.bookingId}|${courseId}`);
        if (key) add(revenueBy, key, share);
      }
    }
  }
  const sales = periodsBetween(query.from, query.to, query.grain).flatMap((period) =>
    courseRows.map((course) => {
      const key = salesKey(period, course.id);
      return {
        period,
        course: course.name,
        rounds: roundsBy.get(key) ?? 0,
        golfers: golfersBy.get(key) ?? 0,
        revenue: Math.round(revenueBy.get(key) ?? 0),
      };
    }),
  );

  // Utilisation: places booked against places there were, by course, UK weekday and hour.
  const cellKey = (courseId: number, at: Date) => {
    const { weekday, hour } = londonWeekdayHour(at);
    return `${courseId}|${weekday}|${hour}`;
  };
  const capacityBy = new Map<string, number>();
  for (const row of slotHours)
    add(capacityBy, cellKey(row.courseId, new Date(row.hour)), Number(row.capacity));
  const bookedBy = new Map<string, number>();
  for (const round of rounds) add(bookedBy, cellKey(round.courseId, round.startsAt), round.players);
  const utilisation = [...capacityBy].map(([key, capacity]) => {
    const [courseId, weekday, hour] = key.split('|').map(Number) as [number, number, number];
    return {
      course: courseName.get(courseId) ?? String(courseId),
      weekday,
      hour,
      booked: bookedBy.get(key) ?? 0,
      capacity,
    };
  });
  utilisation.sort((a, b) => a.course.localeCompare(b.course) || a.weekday - b.weekday || a.hour - b.hour);

  // Per booking: its first round in the period, who booked it and what it cost.
  const perBooking = new Map<number, (typeof rounds)[number]>();
  for (const round of rounds) {
    const seen = perBooking.get(round.bookingId);
    if (!seen || round.startsAt < seen.startsAt) perBooking.set(round.bookingId, round);
  }
  const leadBy = new Map<string, number>();
  const channelBookings = new Map<string, number>();
  const channelRevenue = new Map<string, number>();
  for (const first of perBooking.values()) {
    const booked = first.confirmedAt ?? first.startsAt;
    add(leadBy, leadTimeBucket(daysBetween(londonDate(booked), londonDate(first.startsAt))), 1);
    const channel = first.operatorId === null ? 'Visitors' : (first.company ?? 'Tour operator');
    add(channelBookings, channel, 1);
    add(channelRevenue, channel, first.payable ?? 0);
  }

  const typeBy = new Map<string, number>();
  const ticketBy = new Map<string, { combination: boolean; golfers: number }>();
  for (const golfer of golfers) {
    add(typeBy, typeName.get(golfer.playerTypeId) ?? String(golfer.playerTypeId), 1);
    for (const ticket of golfer.tickets as Ticket[]) {
      const seen = ticketBy.get(ticket.label) ?? { combination: ticket.course_ids.length > 1, golfers: 0 };
      seen.golfers += 1;
      ticketBy.set(ticket.label, seen);
    }
  }

  // No-shows: of rounds already started, golfers expected, and those the starter marked arrived or not come.
  const statusOf = new Map<number, { arrived: number; noShow: number }>();
  for (const checkIn of checkIns) {
    const seen = statusOf.get(checkIn.roundId) ?? { arrived: 0, noShow: 0 };
    if (checkIn.status === 'arrived') seen.arrived += 1;
    else seen.noShow += 1;
    statusOf.set(checkIn.roundId, seen);
  }
  const noShows = courseRows.map((course) => {
    const played = rounds.filter((round) => round.courseId === course.id && round.startsAt <= now);
    return {
      course: course.name,
      expected: played.reduce((sum, round) => sum + round.players, 0),
      arrived: played.reduce((sum, round) => sum + (statusOf.get(round.roundId)?.arrived ?? 0), 0),
      no_show: played.reduce((sum, round) => sum + (statusOf.get(round.roundId)?.noShow ?? 0), 0),
    };
  });

  const byCount = <T extends { [key: string]: unknown }>(rows: T[], field: keyof T) =>
    rows.sort((a, b) => Number(b[field]) - Number(a[field]));
  return {
    from: query.from,
    to: query.to,
    grain: query.grain,
    sales,
    utilisation,
    lead_time: LEAD_TIME_BUCKETS.map((bucket) => ({ bucket, bookings: leadBy.get(bucket) ?? 0 })),
    player_types: byCount(
      [...typeBy].map(([player_type, count]) => ({ player_type, golfers: count })),
      'golfers',
    ),
    channels: byCount(
      [...channelBookings].map(([channel, count]) => ({
        channel,
        bookings: count,
        revenue: channelRevenue.get(channel) ?? 0,
      })),
      'revenue',
    ),
    tickets: byCount(
      [...ticketBy].map(([ticket, row]) => ({ ticket, combination: row.combination, golfers: row.golfers })),
      'golfers',
    ),
    no_shows: noShows,
  };
}
