import { describe, expect, it } from 'vitest';
import { COURSE_IDS, DEFAULT_PLAYER_TYPE_ID, UNDER_16_PLAYER_TYPE_ID } from './constants';
import {
  type CombinationPackage,
  cheapestCover,
  type GreenFee,
  isInMonthDayRange,
  isWithinCombinationWindow,
  PricingError,
  type PricingRound,
  type PricingTables,
  priceBooking,
  setPartitions,
  type Ticket,
  tradeRateTables,
} from './pricing';
import { addDays } from './uk-time';

const { championship: CH, burnside: BU, buddonLinks: BL } = COURSE_IDS;
const ADULT = DEFAULT_PLAYER_TYPE_ID;
const JUNIOR = UNDER_16_PLAYER_TYPE_ID;
const COURSE_NAMES = { [CH]: 'Championship course', [BU]: 'Burnside course', [BL]: 'Buddon Links course' };

function fee(
  courseId: number,
  playerTypeId: number,
  pricePence: number,
  seasonStart = '2026-01-01',
  seasonEnd = '2026-12-31',
): GreenFee {
  return { courseId, playerTypeId, pricePence, seasonStart, seasonEnd };
}

/** A season's fees for one player type, in course order: Championship, Burnside, Buddon Links. */
function seasonFees(playerTypeId: number, prices: number[], seasonStart: string, seasonEnd: string) {
  return [CH, BU, BL].map((courseId, index) =>
    fee(courseId, playerTypeId, prices[index]!, seasonStart, seasonEnd),
  );
}

function pkg(id: number, courseIds: number[], pricePence: number, playerTypeId = ADULT): CombinationPackage {
  return {
    id,
    name: `Combination ${courseIds.join('+')}`,
    courseIds,
    playerTypeId,
    pricePence,
    validFromMonthDay: '04-01',
    validToMonthDay: '10-31',
  };
}

/** Summer singles 32100 / 9500 / 7500 (adult), winter singles lower; demo figures. */
const tables: PricingTables = {
  courseNames: COURSE_NAMES,
  greenFees: [
    ...seasonFees(ADULT, [32100, 9500, 7500], '2026-04-01', '2026-10-31'),
    ...seasonFees(ADULT, [19500, 6500, 5500], '2025-11-01', '2026-03-31'),
    ...seasonFees(ADULT, [19500, 6500, 5500], '2026-11-01', '2027-03-31'),
    ...seasonFees(JUNIOR, [16050, 4750, 3750], '2026-01-01', '2027-03-31'),
  ],
  packages: [
    pkg(1, [CH, BU], 37500),
    pkg(2, [CH, BL], 36000),
    pkg(3, [BU, BL], 14500),
    pkg(4, [CH, BU, BL], 46000),
    pkg(5, [CH, BU], 18000, JUNIOR),
  ],
};

const total = (tickets: Ticket[]) => tickets.reduce((sum, ticket) => sum + ticket.price, 0);
const adult = [{ id: 1, playerTypeId: ADULT }];

describe('the combination window', () => {
  it('is seven consecutive calendar days', () => {
    expect(isWithinCombinationWindow(['2026-07-14', '2026-07-17'])).toBe(true);
    expect(isWithinCombinationWindow(['2026-07-14', '2026-07-20'])).toBe(true); // 6 days apart
    expect(isWithinCombinationWindow(['2026-07-14', '2026-07-21'])).toBe(false); // 7 days apart: eight days
    expect(isWithinCombinationWindow(['2026-07-20', '2026-07-14', '2026-07-16'])).toBe(true);
    expect(isWithinCombinationWindow(['2026-07-14'])).toBe(true);
  });

  it('reads the season by month-day in the round year, wrapping when the range crosses new year', () => {
    expect(isInMonthDayRange('2026-04-01', '04-01', '10-31')).toBe(true);
    expect(isInMonthDayRange('2026-10-31', '04-01', '10-31')).toBe(true);
    expect(isInMonthDayRange('2026-03-31', '04-01', '10-31')).toBe(false);
    expect(isInMonthDayRange('2026-11-01', '04-01', '10-31')).toBe(false);
    expect(isInMonthDayRange('2027-01-10', '11-01', '02-28')).toBe(true);
    expect(isInMonthDayRange('2027-06-10', '11-01', '02-28')).toBe(false);
    expect(isInMonthDayRange('2027-06-10', '4-1', '10-31')).toBe(false);
  });
});

describe('setPartitions', () => {
  it('lists every set partition exactly once', () => {
    expect(setPartitions([1])).toEqual([[[1]]]);
    expect(setPartitions([1, 2, 3])).toHaveLength(5);
    expect(setPartitions([1, 2, 3, 4])).toHaveLength(15);
    const keys = setPartitions([1, 2, 3, 4]).map((p) =>
      p
        .map((group) => [...group].sort().join(''))
        .sort()
        .join('|'),
    );
    expect(new Set(keys).size).toBe(15);
  });
});

/** The price of one adult golfer for a round on each course given, by course id (so in course order). */
function adultPrice(datesByCourse: Record<number, string>, pricing = tables) {
  const rounds = Object.entries(datesByCourse).map(([courseId, date]) => ({
    courseId: Number(courseId),
    date,
  }));
  return priceBooking(adult, rounds, pricing).golfers[0]!;
}

describe('priceBooking: named cases', () => {
  it('two courses three days apart in July get the combination rate', () => {
    const golfer = adultPrice({ [CH]: '2026-07-14', [BU]: '2026-07-17' });
    expect(golfer.tickets).toEqual([{ label: 'Combination 1+2', course_ids: [CH, BU], price: 37500 }]);
    expect(golfer.total_price).toBe(37500);
    expect(golfer.ticket_label).toBe('Combination 1+2');
  });

  it('two courses eight days apart get single rates', () => {
    const golfer = adultPrice({ [CH]: '2026-07-14', [BU]: '2026-07-22' });
    expect(golfer.tickets.map((t) => t.price)).toEqual([32100, 9500]);
    expect(golfer.total_price).toBe(41600);
    expect(golfer.ticket_label).toBe('Championship course + Burnside course');
  });

  it('counts seven calendar days: six days apart combine, seven do not', () => {
    const sixApart = adultPrice({ [BU]: '2026-07-14', [BL]: '2026-07-20' });
    expect(sixApart.total_price).toBe(14500);
    const sevenApart = adultPrice({ [BU]: '2026-07-14', [BL]: '2026-07-21' });
    expect(sevenApart.total_price).toBe(17000);
  });

  it('two courses in November get single (winter) rates', () => {
    const golfer = adultPrice({ [CH]: '2026-11-10', [BU]: '2026-11-11' });
    expect(golfer.tickets.map((t) => t.label)).toEqual(['Championship course', 'Burnside course']);
    expect(golfer.total_price).toBe(19500 + 6500);
  });

  it('needs every round inside 1 April - 31 October', () => {
    const lastDay = adultPrice({ [CH]: '2026-10-28', [BU]: '2026-10-31' });
    expect(lastDay.total_price).toBe(37500);
    const oneOutside = adultPrice({ [CH]: '2026-10-30', [BU]: '2026-11-01' });
    expect(oneOutside.total_price).toBe(32100 + 6500);
    const firstDay = adultPrice({ [BU]: '2026-03-31', [BL]: '2026-04-01' });
    expect(firstDay.tickets.map((t) => t.price)).toEqual([6500, 7500]);
  });

  it('three courses take the cheapest cover, not the biggest package', () => {
    // All three: 46000. Championship+Burnside 37500 + Buddon 7500 = 45000 (cheapest).
    // Championship+Buddon 36000 + Burnside 9500 = 45500. Singles = 49100.
    const golfer = adultPrice({ [CH]: '2026-07-14', [BU]: '2026-07-15', [BL]: '2026-07-16' });
    expect(golfer.total_price).toBe(45000);
    expect(golfer.tickets).toEqual([
      { label: 'Combination 1+2', course_ids: [CH, BU], price: 37500 },
      { label: 'Buddon Links course', course_ids: [BL], price: 7500 },
    ]);
    expect(golfer.ticket_label).toBe('Combination 1+2 + Buddon Links course');
  });

  it('three courses take the three-course package when it is the cheapest', () => {
    const cheaperTriple: PricingTables = {
      ...tables,
      packages: [...tables.packages, pkg(6, [CH, BU, BL], 40000)],
    };
    // The rounds out of course order on purpose.
    const result = priceBooking(
      adult,
      [
        { courseId: BL, date: '2026-07-16' },
        { courseId: CH, date: '2026-07-14' },
        { courseId: BU, date: '2026-07-15' },
      ],
      cheaperTriple,
    );
    expect(result.golfers[0]?.tickets).toEqual([
      { label: 'Combination 1+2+4', course_ids: [CH, BU, BL], price: 40000 },
    ]);
  });

  it('combines only the rounds that share a seven-day period', () => {
    const golfer = adultPrice({ [CH]: '2026-07-01', [BU]: '2026-07-14', [BL]: '2026-07-16' });
    expect(golfer.tickets.map((t) => t.course_ids)).toEqual([[CH], [BU, BL]]);
    expect(golfer.total_price).toBe(32100 + 14500);
  });

  it('prices each golfer by their own player type', () => {
    const result = priceBooking(
      [
        { id: 1, playerTypeId: ADULT },
        { id: 2, playerTypeId: JUNIOR },
      ],
      [
        { courseId: CH, date: '2026-07-14' },
        { courseId: BU, date: '2026-07-15' },
        { courseId: BL, date: '2026-07-15' },
      ],
      tables,
    );
    expect(result.golfers.map((g) => g.id)).toEqual([1, 2]);
    expect(result.golfers[0]?.total_price).toBe(45000);
    // Junior: the only junior package is Championship+Burnside 18000, plus Buddon junior 3750.
    expect(result.golfers[1]?.total_price).toBe(18000 + 3750);
    expect(result.totals.payable).toBe(45000 + 21750);
  });

  it('keeps net + VAT = total for every golfer and the booking with odd pence amounts', () => {
    const odd: PricingTables = {
      courseNames: COURSE_NAMES,
      greenFees: [fee(CH, ADULT, 32101), fee(BU, ADULT, 9999), fee(CH, JUNIOR, 16053), fee(BU, JUNIOR, 4747)],
      packages: [pkg(1, [CH, BU], 37507)],
    };
    const result = priceBooking(
      [
        { id: 1, playerTypeId: ADULT },
        { id: 2, playerTypeId: JUNIOR },
        { id: 3, playerTypeId: JUNIOR },
        { id: 4, playerTypeId: ADULT },
      ],
      [
        { courseId: CH, date: '2026-07-14' },
        { courseId: BU, date: '2026-07-15' },
      ],
      odd,
    );
    for (const golfer of result.golfers) {
      expect(golfer.net_price + golfer.total_vat).toBe(golfer.total_price);
      expect(golfer.total_price).toBe(total(golfer.tickets));
    }
    expect(result.golfers.map((g) => g.total_price)).toEqual([37507, 16053 + 4747, 16053 + 4747, 37507]);
    // 37507 / 1.2 = 31255.83 -> net 31256, VAT 6251; 20800 / 1.2 = 17333.33 -> net 17333, VAT 3467.
    expect(result.golfers[0]).toMatchObject({ net_price: 31256, total_vat: 6251 });
    expect(result.golfers[1]).toMatchObject({ net_price: 17333, total_vat: 3467 });
    expect(result.totals).toEqual({
      net: 31256 * 2 + 17333 * 2,
      vat: 6251 * 2 + 3467 * 2,
      payable: 37507 * 2 + 20800 * 2,
    });
    expect(result.totals.net + result.totals.vat).toBe(result.totals.payable);
  });

  it('ignores packages for another player type', () => {
    const result = priceBooking(
      [{ id: 1, playerTypeId: JUNIOR }],
      [
        { courseId: BU, date: '2026-07-14' },
        { courseId: BL, date: '2026-07-15' },
      ],
      tables,
    );
    expect(result.golfers[0]?.total_price).toBe(4750 + 3750);
  });

  it('prefers fewer tickets when a package costs the same as single rounds', () => {
    const equal: PricingTables = { ...tables, packages: [pkg(9, [BU, BL], 17000)] };
    const golfer = adultPrice({ [BU]: '2026-07-14', [BL]: '2026-07-15' }, equal);
    expect(golfer.tickets).toHaveLength(1);
  });

  it('uses the latest-starting season when seasons overlap', () => {
    const special: PricingTables = {
      ...tables,
      greenFees: [...tables.greenFees, fee(CH, ADULT, 35000, '2026-07-12', '2026-07-19')],
    };
    expect(adultPrice({ [CH]: '2026-07-14' }, special).total_price).toBe(35000);
    expect(adultPrice({ [CH]: '2026-07-20' }, special).total_price).toBe(32100);
  });
});

describe('priceBooking: bad input', () => {
  const july = [{ courseId: CH, date: '2026-07-14' }];

  it('throws no_fee when a round has no fee and no package covers it', () => {
    const error = (() => {
      try {
        priceBooking([{ id: 1, playerTypeId: 99 }], july, tables);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PricingError);
    expect(error).toMatchObject({ code: 'no_fee' });
    expect((error as Error).message).toContain('Championship course on 2026-07-14');
    expect(() => priceBooking(adult, [{ courseId: CH, date: '2028-07-14' }], tables)).toThrow(PricingError);
  });

  it.each([
    ['no golfers', [], july],
    [
      'seventeen golfers (a group is 16 at most)',
      Array.from({ length: 17 }, (_, at) => ({ id: at + 1, playerTypeId: ADULT })),
      july,
    ],
    [
      'a golfer listed twice',
      [
        { id: 1, playerTypeId: ADULT },
        { id: 1, playerTypeId: JUNIOR },
      ],
      july,
    ],
    ['no courses', adult, []],
    ['four courses', adult, [1, 2, 3, 4].map((courseId) => ({ courseId, date: '2026-07-14' }))],
    ['a course twice', adult, [...july, ...july]],
    ['an impossible date', adult, [{ courseId: CH, date: '2026-02-30' }]],
  ])('refuses %s with invalid_input', (_, golfers, rounds) => {
    expect(() => priceBooking(golfers, rounds as PricingRound[], tables)).toThrow(
      expect.objectContaining({ name: 'PricingError', code: 'invalid_input' }),
    );
  });
});

/** A deterministic pseudo-random generator, so a failing table can be reproduced from its seed. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COURSES = [CH, BU, BL];
const ALL_COURSE_SUBSETS = [1, 2, 3, 4, 5, 6, 7].map((mask) =>
  COURSES.filter((_, index) => mask & (1 << index)),
);

function randomTables(random: () => number): PricingTables {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const greenFees = COURSES.flatMap((courseId) =>
    [ADULT, JUNIOR].filter(() => random() > 0.1).map((type) => fee(courseId, type, int(1000, 40000))),
  );
  const packages = ALL_COURSE_SUBSETS.flatMap((courseIds, index) =>
    [ADULT, JUNIOR]
      .filter(() => random() > 0.4)
      .map((type) => ({ ...pkg(index * 10 + type, courseIds, int(1000, 80000), type) })),
  );
  return { courseNames: COURSE_NAMES, greenFees, packages };
}

/**
 * Independent reference: try every subset of every possible ticket (single fees and packages that are valid for
 * exactly their rounds) and keep the cheapest that covers each round exactly once.
 */
function bruteForceCheapest(rounds: PricingRound[], playerTypeId: number, t: PricingTables): number {
  type Candidate = { courses: number[]; price: number };
  const candidates: Candidate[] = [];
  for (const round of rounds) {
    for (const f of t.greenFees) {
      if (
        f.courseId === round.courseId &&
        f.playerTypeId === playerTypeId &&
        f.seasonStart <= round.date &&
        round.date <= f.seasonEnd
      ) {
        candidates.push({ courses: [round.courseId], price: f.pricePence });
      }
    }
  }
  for (const p of t.packages) {
    if (p.playerTypeId !== playerTypeId) continue;
    const covered = rounds.filter((round) => p.courseIds.includes(round.courseId));
    if (covered.length !== p.courseIds.length) continue;
    const dates = covered.map((round) => round.date).sort();
    const inSeason = dates.every(
      (date) => date.slice(5) >= p.validFromMonthDay && date.slice(5) <= p.validToMonthDay,
    );
    const spanDays = (Date.parse(dates.at(-1)!) - Date.parse(dates[0]!)) / 86_400_000;
    if (inSeason && spanDays <= 6) candidates.push({ courses: p.courseIds, price: p.pricePence });
  }
  let best = Number.POSITIVE_INFINITY;
  for (let mask = 1; mask < 1 << candidates.length; mask++) {
    const chosen = candidates.filter((_, index) => mask & (1 << index));
    const covered = chosen.flatMap((candidate) => candidate.courses).sort();
    const wanted = rounds.map((round) => round.courseId).sort();
    if (covered.join() !== wanted.join()) continue;
    best = Math.min(
      best,
      chosen.reduce((sum, candidate) => sum + candidate.price, 0),
    );
  }
  return best;
}

describe('priceBooking: optimality against brute force', () => {
  it('matches the brute-force optimum over all course subsets, many fee tables and date spreads', () => {
    const random = mulberry32(20260714);
    const startDates = ['2026-03-28', '2026-04-01', '2026-06-15', '2026-07-14', '2026-10-27', '2026-11-02'];
    let compared = 0;
    let priced = 0;
    let combinationsUsed = 0;
    for (let tableIndex = 0; tableIndex < 60; tableIndex++) {
      const t = randomTables(random);
      for (const courseIds of ALL_COURSE_SUBSETS) {
        for (const start of startDates) {
          const rounds = courseIds.map((courseId) => ({
            courseId,
            date: addDays(start, Math.floor(random() * 10)),
          }));
          for (const playerTypeId of [ADULT, JUNIOR]) {
            const expected = bruteForceCheapest(rounds, playerTypeId, t);
            compared++;
            if (expected === Number.POSITIVE_INFINITY) {
              expect(() => cheapestCover(rounds, playerTypeId, t)).toThrow(PricingError);
              continue;
            }
            const tickets = cheapestCover(rounds, playerTypeId, t);
            expect(
              total(tickets),
              `table ${tableIndex}, ${JSON.stringify(rounds)}, type ${playerTypeId}`,
            ).toBe(expected);
            // Each round is covered exactly once.
            expect(tickets.flatMap((ticket) => ticket.course_ids).sort()).toEqual(courseIds.slice().sort());
            priced++;
            if (tickets.some((ticket) => ticket.course_ids.length > 1)) combinationsUsed++;
          }
        }
      }
    }
    // The generated cases must exercise both outcomes, or this test proves nothing.
    expect(compared).toBe(60 * 7 * 6 * 2);
    expect(priced).toBeGreaterThan(compared / 2);
    expect(combinationsUsed).toBeGreaterThan(100);
  });
});

describe('tradeRateTables', () => {
  it('takes the percent off every fee and combination, to the penny, and prices from the lowered tables', () => {
    const trade = tradeRateTables(tables, 10);
    expect(trade.greenFees[0]?.pricePence).toBe(28890);
    expect(trade.packages[0]?.pricePence).toBe(33750);
    // Half a penny rounds up: 10 % off 4750 is 4275; 15 % off 9500 is 8075; 15 % off 3750 is 3187.5 -> 3188.
    expect(tradeRateTables(tables, 15).greenFees.find((fee) => fee.pricePence === 3188)).toBeDefined();
    const full = priceBooking(adult, [{ courseId: CH, date: '2026-07-01' }], tables);
    const rate = priceBooking(adult, [{ courseId: CH, date: '2026-07-01' }], trade);
    expect(rate.totals.payable).toBe(28890);
    expect(rate.totals.net + rate.totals.vat).toBe(rate.totals.payable);
    expect(full.totals.payable).toBe(32100);
    // The cheapest cover is chosen on the trade prices too: the combination still wins for two courses.
    const two = priceBooking(
      adult,
      [
        { courseId: CH, date: '2026-07-01' },
        { courseId: BU, date: '2026-07-02' },
      ],
      trade,
    );
    expect(two.totals.payable).toBe(33750);
  });

  it('leaves the tables as they are at 0 %', () => {
    expect(tradeRateTables(tables, 0)).toBe(tables);
  });
});
