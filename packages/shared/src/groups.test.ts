import { describe, expect, it } from 'vitest';
import {
  golfersOfRounds,
  groupShares,
  isConsecutiveRun,
  isGroup,
  roundGolferPositions,
  spreadCaddies,
} from './groups';

describe('groups of more than four', () => {
  it('shares a group over as few tee times as hold it, as evenly as can be, never one golfer alone', () => {
    expect(groupShares(4)).toEqual([4]);
    expect(groupShares(5)).toEqual([3, 2]);
    expect(groupShares(8)).toEqual([4, 4]);
    expect(groupShares(9)).toEqual([3, 3, 3]);
    expect(groupShares(13)).toEqual([4, 3, 3, 3]);
    expect(groupShares(16)).toEqual([4, 4, 4, 4]);
    for (let golfers = 5; golfers <= 16; golfers += 1) {
      const shares = groupShares(golfers);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(golfers);
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(2);
      expect(Math.max(...shares)).toBeLessThanOrEqual(4);
    }
    expect(groupShares(0)).toEqual([]);
    expect(isGroup(4)).toBe(false);
    expect(isGroup(5)).toBe(true);
  });

  it('takes a run as consecutive while no two tee times are more than 30 minutes apart', () => {
    const at = (time: string) => new Date(`2027-05-04T${time}:00Z`);
    expect(isConsecutiveRun([at('10:00'), at('10:10'), at('10:40')])).toBe(true);
    expect(isConsecutiveRun([at('12:20'), at('13:30')])).toBe(false);
    expect(isConsecutiveRun([at('12:20')])).toBe(true);
  });

  it('spreads caddies over the tee times, one per golfer at most', () => {
    expect(spreadCaddies(4, [3, 2])).toEqual([3, 1]);
    expect(spreadCaddies(0, [3, 2])).toEqual([0, 0]);
    expect(spreadCaddies(9, [3, 2])).toEqual([3, 2]);
  });

  it('names the golfers on each round: a course takes them in tee-time order, other courses all of them', () => {
    const at = (time: string) => new Date(`2027-05-04T${time}:00Z`);
    const group = [
      { courseId: 2, startsAt: at('10:10'), players: 2 },
      { courseId: 2, startsAt: at('10:00'), players: 3 },
    ];
    expect(roundGolferPositions(group)).toEqual([
      [4, 5],
      [1, 2, 3],
    ]);
    expect(golfersOfRounds(group)).toBe(5);
    const twoCourses = [
      { courseId: 1, startsAt: at('08:00'), players: 2 },
      { courseId: 2, startsAt: at('14:00'), players: 2 },
    ];
    expect(roundGolferPositions(twoCourses)).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(golfersOfRounds(twoCourses)).toBe(2);
    expect(golfersOfRounds([])).toBe(0);
  });
});
