import { COMBINATION_WINDOW_DAYS } from './constants';
import { splitVatInclusive } from './money';
import { daysBetween, isValidDateString } from './uk-time';

export type GreenFee = {
  courseId: number;
  playerTypeId: number;
  seasonStart: string /* yyyy-MM-dd, inclusive */;
  seasonEnd: string /* yyyy-MM-dd, inclusive */;
  pricePence: number;
};
export type CombinationPackage = {
  id: number;
  name: string;
  courseIds: number[];
  playerTypeId: number;
  pricePence: number;
  validFromMonthDay: string /* MM-dd, '04-01' */;
  validToMonthDay: string /* MM-dd, '10-31' */;
};
export type PricingTables = {
  greenFees: GreenFee[];
  packages: CombinationPackage[];
  courseNames: Record<number, string>;
};
export type PricingRound = { courseId: number; date: string };
export type PricingGolfer = { id: number; playerTypeId: number };
export type Ticket = { label: string; course_ids: number[]; price: number };
export type PricedGolfer = {
  id: number;
  net_price: number;
  total_vat: number;
  total_price: number;
  tickets: Ticket[];
  ticket_label: string;
};
export type PricedBooking = {
  golfers: PricedGolfer[];
  totals: { net: number; vat: number; payable: number };
};

export type PricingErrorCode = 'no_fee' | 'invalid_input';

export class PricingError extends Error {
  readonly code: PricingErrorCode;

  constructor(code: PricingErrorCode, message: string) {
    super(message);
    this.name = 'PricingError';
    this.code = code;
  }
}

/** One round per course, and three courses exist; this also keeps the exhaustive search tiny (5 partitions). */
export const MAX_PRICED_ROUNDS = 3;
/** A tour operator's group (issue 24) books up to 16; everyone else up to four, checked where the booking is saved. */
export const MAX_PRICED_GOLFERS = 16;

const MONTH_DAY_PATTERN = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Whether a date's month-day lies in [from, to]; a range such as '11-01'..'02-28' wraps over the new year. */
export function isInMonthDayRange(date: string, fromMonthDay: string, toMonthDay: string): boolean {
  if (!MONTH_DAY_PATTERN.test(fromMonthDay) || !MONTH_DAY_PATTERN.test(toMonthDay)) return false;
  const monthDay = date.slice(5);
  return fromMonthDay <= toMonthDay
    ? monthDay >= fromMonthDay && monthDay <= toMonthDay
    : monthDay >= fromMonthDay || monthDay <= toMonthDay;
}

/**
 * Whether the dates fall within one seven-day period, read as seven consecutive calendar days: the last date is
 * at most six days after the first (Monday to the following Sunday qualifies, Monday to Monday does not).
 */
export function isWithinCombinationWindow(dates: string[]): boolean {
  if (dates.length === 0) return true;
  const sorted = [...dates].sort();
  return daysBetween(sorted[0]!, sorted[sorted.length - 1]!) <= COMBINATION_WINDOW_DAYS - 1;
}

/** The single green fee for a round; when seasons overlap, the latest-starting (most specific) season wins. */
export function greenFeeFor(
  courseId: number,
  playerTypeId: number,
  date: string,
  greenFees: GreenFee[],
): GreenFee | undefined {
  let best: GreenFee | undefined;
  for (const fee of greenFees) {
    if (fee.courseId !== courseId || fee.playerTypeId !== playerTypeId) continue;
    if (fee.seasonStart > date || fee.seasonEnd < date) continue;
    if (
      !best ||
      fee.seasonStart > best.seasonStart ||
      (fee.seasonStart === best.seasonStart && fee.pricePence < best.pricePence)
    ) {
      best = fee;
    }
  }
  return best;
}

/** Whether a package may price exactly this group of rounds (its courses, its season, the seven-day window). */
export function packageCovers(
  pkg: CombinationPackage,
  rounds: PricingRound[],
  playerTypeId: number,
): boolean {
  if (pkg.playerTypeId !== playerTypeId) return false;
  const packageCourses = new Set(pkg.courseIds);
  if (packageCourses.size !== rounds.length || !rounds.every((round) => packageCourses.has(round.courseId))) {
    return false;
  }
  return (
    rounds.every((round) => isInMonthDayRange(round.date, pkg.validFromMonthDay, pkg.validToMonthDay)) &&
    isWithinCombinationWindow(rounds.map((round) => round.date))
  );
}

/** Every way of splitting the items into non-empty groups (set partitions); 5 ways for 3 items. */
export function setPartitions<T>(items: readonly T[]): T[][][] {
  if (items.length === 0) return [[]];
  const [first, ...rest] = items as [T, ...T[]];
  const partitions: T[][][] = [];
  for (const partition of setPartitions(rest)) {
    partitions.push([[first], ...partition]);
    partition.forEach((_, index) => {
      partitions.push(partition.map((group, i) => (i === index ? [first, ...group] : group)));
    });
  }
  return partitions;
}

function cheapestTicketFor(
  group: PricingRound[],
  playerTypeId: number,
  tables: PricingTables,
): Ticket | undefined {
  let best: Ticket | undefined;
  // undefined while the best ticket is a single green fee (or there is none yet).
  let bestPackageId: number | undefined;
  const courseIds = group.map((round) => round.courseId).sort((a, b) => a - b);
  if (group.length === 1) {
    const round = group[0]!;
    const fee = greenFeeFor(round.courseId, playerTypeId, round.date, tables.greenFees);
    if (fee) {
      best = {
        label: tables.courseNames[round.courseId] ?? `Course ${round.courseId}`,
        course_ids: courseIds,
        price: fee.pricePence,
      };
    }
  }
  for (const pkg of tables.packages) {
    if (!packageCovers(pkg, group, playerTypeId)) continue;
    // On equal prices the single green fee stays, then the lowest package id wins: same input, same ticket.
    const cheaper = !best || pkg.pricePence < best.price;
    const tieWithLaterPackage =
      best !== undefined &&
      pkg.pricePence === best.price &&
      bestPackageId !== undefined &&
      pkg.id < bestPackageId;
    if (cheaper || tieWithLaterPackage) {
      best = { label: pkg.name, course_ids: courseIds, price: pkg.pricePence };
      bestPackageId = pkg.id;
    }
  }
  return best;
}

/**
 * The cheapest set of tickets covering every round for one player type: an exhaustive search over all set
 * partitions of the rounds, each group priced by its cheapest valid package (or its single green fee for a group
 * of one). With at most three rounds that is five partitions, so exhaustive beats any greedy heuristic outright.
 * On equal totals the cover with fewer tickets wins.
 */
export function cheapestCover(rounds: PricingRound[], playerTypeId: number, tables: PricingTables): Ticket[] {
  let bestTickets: Ticket[] | undefined;
  let bestTotal = Number.POSITIVE_INFINITY;
  for (const partition of setPartitions(rounds)) {
    const tickets: Ticket[] = [];
    let total = 0;
    for (const group of partition) {
      const ticket = cheapestTicketFor(group, playerTypeId, tables);
      if (!ticket) {
        total = Number.POSITIVE_INFINITY;
        break;
      }
      tickets.push(ticket);
      total += ticket.price;
    }
    if (total < bestTotal || (total === bestTotal && bestTickets && tickets.length < bestTickets.length)) {
      bestTotal = total;
      bestTickets = tickets;
    }
  }
  if (!bestTickets) {
    const unpriced = rounds
      .filter((round) => !greenFeeFor(round.courseId, playerTypeId, round.date, tables.greenFees))
      .map((round) => `${tables.courseNames[round.courseId] ?? `course ${round.courseId}`} on ${round.date}`);
    throw new PricingError(
      'no_fee',
      `There is no green fee for this player type for ${unpriced.join(' and ') || 'the chosen rounds'}.`,
    );
  }
  return bestTickets.sort((a, b) => (a.course_ids[0] ?? 0) - (b.course_ids[0] ?? 0));
}

function validate(golfers: PricingGolfer[], rounds: PricingRound[]): void {
  if (golfers.length < 1 || golfers.length > MAX_PRICED_GOLFERS) {
    throw new PricingError('invalid_input', `A booking needs between 1 and ${MAX_PRICED_GOLFERS} golfers.`);
  }
  if (new Set(golfers.map((golfer) => golfer.id)).size !== golfers.length) {
    throw new PricingError('invalid_input', 'Each golfer can only be listed once.');
  }
  if (rounds.length < 1 || rounds.length > MAX_PRICED_ROUNDS) {
    throw new PricingError('invalid_input', `A booking needs between 1 and ${MAX_PRICED_ROUNDS} courses.`);
  }
  if (new Set(rounds.map((round) => round.courseId)).size !== rounds.length) {
    throw new PricingError('invalid_input', 'Each course can only be booked once.');
  }
  const badDate = rounds.find((round) => !isValidDateString(round.date));
  if (badDate) {
    throw new PricingError('invalid_input', `"${badDate.date}" is not a real date in the form yyyy-MM-dd.`);
  }
}

/**
 * Prices a booking. Prices are VAT-inclusive: each golfer's total is the sum of their tickets, split into net and
 * VAT per golfer; the booking totals are the sums of the golfers' figures, so net + VAT = total holds for every
 * golfer and for the booking.
 */
export function priceBooking(
  golfers: PricingGolfer[],
  rounds: PricingRound[],
  tables: PricingTables,
): PricedBooking {
  validate(golfers, rounds);
  const ordered = [...rounds].sort((a, b) => a.courseId - b.courseId);
  const coverByType = new Map<number, Ticket[]>();
  const priced = golfers.map((golfer): PricedGolfer => {
    let tickets = coverByType.get(golfer.playerTypeId);
    if (!tickets) {
      tickets = cheapestCover(ordered, golfer.playerTypeId, tables);
      coverByType.set(golfer.playerTypeId, tickets);
    }
    const total = tickets.reduce((sum, ticket) => sum + ticket.price, 0);
    const { net, vat } = splitVatInclusive(total);
    return {
      id: golfer.id,
      net_price: net,
      total_vat: vat,
      total_price: total,
      tickets: tickets.map((ticket) => ({ ...ticket, course_ids: [...ticket.course_ids] })),
      ticket_label: tickets.map((ticket) => ticket.label).join(' + '),
    };
  });
  const totals = priced.reduce(
    (sum, golfer) => ({
      net: sum.net + golfer.net_price,
      vat: sum.vat + golfer.total_vat,
      payable: sum.payable + golfer.total_price,
    }),
    { net: 0, vat: 0, payable: 0 },
  );
  return { golfers: priced, totals };
}

/**
 * The fee tables at a tour operator's trade rate: every green fee and combination price `percent` lower, each rounded
 * to the penny (half up). Applied to the tables, not to totals, so the cheapest cover, the per-golfer lines and the
 * VAT split are all worked out on the prices the operator actually pays.
 */
export function tradeRateTables(tables: PricingTables, percent: number): PricingTables {
  if (percent <= 0) return tables;
  const rate = (pence: number) => Math.round((pence * (100 - percent)) / 100);
  return {
    ...tables,
    greenFees: tables.greenFees.map((fee) => ({ ...fee, pricePence: rate(fee.pricePence) })),
    packages: tables.packages.map((pkg) => ({ ...pkg, pricePence: rate(pkg.pricePence) })),
  };
}
