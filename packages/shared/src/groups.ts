import { MAX_GOLFERS, PLAYERS_PER_SLOT } from './constants';

// Groups larger than four (issue 24): a tour operator books 5 to 16 golfers on one course and day, on consecutive
// tee times, in one booking (one hold, one payment, one confirmation). Every slot keeps its own capacity rules; the
// group is only shared out over as many tee times as it needs. The web's group page and the booking engine both
// read these, so the split a page shows is the split the engine holds.

/** The fewest golfers that make a group: one more than a tee time holds. */
export const MIN_GROUP_GOLFERS = MAX_GOLFERS + 1;
export const MAX_GROUP_GOLFERS = 16;

/** The longest wait between two of a group's tee times: a longer one is a break in the sheet (a window's end). */
export const MAX_GROUP_GAP_MINUTES = 30;

export const GROUP_MESSAGES = {
  count: `Please add between 1 and ${MAX_GROUP_GOLFERS} golfers.`,
  oneCourse: 'A group of more than four golfers plays one course: please choose one course.',
  notConsecutive: (time: string) =>
    `The group's tee times must follow one another, and the sheet breaks after ${time}. Please choose another tee time.`,
  notEnoughTeeTimes: (teeTimes: number, time: string) =>
    `The group needs ${teeTimes} tee times in a row from ${time} and there are not enough that day. Please choose an earlier tee time.`,
} as const;

/** True when the golfers need more than one tee time on a course. */
export function isGroup(golferCount: number): boolean {
  return golferCount >= MIN_GROUP_GOLFERS;
}

/**
 * How a group shares its tee times: as few as hold it (four to a tee time at most), as even as can be, the larger
 * shares first. 5 = 3 + 2, 8 = 4 + 4, 9 = 3 + 3 + 3, 13 = 4 + 3 + 3 + 3. A group never leaves one golfer alone
 * on a tee time, so every share can start an empty Championship tee time.
 */
export function groupShares(golfers: number): number[] {
  if (!Number.isInteger(golfers) || golfers < 1) return [];
  const teeTimes = Math.ceil(golfers / PLAYERS_PER_SLOT);
  const base = Math.floor(golfers / teeTimes);
  const larger = golfers % teeTimes;
  return Array.from({ length: teeTimes }, (_, index) => base + (index < larger ? 1 : 0));
}

/** Whether tee times (in order) follow one another closely enough to be one group's run. */
export function isConsecutiveRun(starts: readonly Date[]): boolean {
  return starts.every(
    (start, at) =>
      at === 0 || start.getTime() - (starts[at - 1] as Date).getTime() <= MAX_GROUP_GAP_MINUTES * 60_000,
  );
}

/** Caddies spread over the group's tee times in order, each taking at most one per golfer on it. */
export function spreadCaddies(caddies: number, shares: number[]): number[] {
  let left = Math.max(0, Math.floor(caddies));
  return shares.map((players) => {
    const here = Math.min(players, left);
    left -= here;
    return here;
  });
}

/**
 * The golfers on each of a booking's rounds, as positions (1-based). A course's rounds in tee-time order take the
 * golfers in position order, so a group of 5 on two tee times is golfers 1-3, then 4-5; an ordinary booking's
 * every round holds all its golfers. `rounds` may be in any order; the answer is in the same order.
 */
export function roundGolferPositions<Round extends { courseId: number; startsAt: Date; players: number }>(
  rounds: readonly Round[],
): number[][] {
  const byTime = rounds
    .map((round, index) => ({ round, index }))
    .sort((a, b) => a.round.startsAt.getTime() - b.round.startsAt.getTime());
  const nextByCourse = new Map<number, number>();
  const positions: number[][] = rounds.map(() => []);
  for (const { round, index } of byTime) {
    const first = nextByCourse.get(round.courseId) ?? 1;
    positions[index] = Array.from({ length: round.players }, (_, offset) => first + offset);
    nextByCourse.set(round.courseId, first + round.players);
  }
  return positions;
}

/** The golfers of a booking, from its rounds: the most any one course holds over its tee times. */
export function golfersOfRounds(rounds: readonly { courseId: number | string; players: number }[]): number {
  const byCourse = new Map<number | string, number>();
  for (const round of rounds)
    byCourse.set(round.courseId, (byCourse.get(round.courseId) ?? 0) + round.players);
  return Math.max(0, ...byCourse.values());
}
