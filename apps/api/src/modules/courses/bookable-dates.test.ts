import { addDays, londonWallTimeToUtc, todayInLondon } from '@links/shared/uk-time';
import { describe, expect, it } from 'vitest';
import { ukDateRange, ukDayStart, ukToday } from './bookable-dates.ts';

describe('ukToday', () => {
  it('agrees with todayInLondon around midnight and across both clock changes', () => {
    const instants = [
      '2027-03-27T23:59:59.999Z', // Saturday before BST: midnight UK = midnight UTC
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T22:59:59.999Z', // BST: the next UK day starts at 23:00 UTC
      '2027-03-28T23:00:00.000Z',
      '2027-10-30T22:59:59.999Z',
      '2027-10-30T23:00:00.000Z',
      '2027-10-31T23:59:59.999Z',
      '2027-11-01T00:00:00.000Z',
      '2027-03-28T12:00:00.000Z', // back in time: the remembered day must not answer
    ].map((text) => new Date(text));
    for (const instant of instants) expect(ukToday(instant)).toBe(todayInLondon(instant));
  });
});

describe('ukDayStart and ukDateRange', () => {
  it('match the time-zone conversion on every call, and hand out fresh Date objects', () => {
    for (const date of ['2027-03-28', '2027-03-29', '2027-10-31', '2028-02-29']) {
      const expected = londonWallTimeToUtc(date, '00:00').getTime();
      expect(ukDayStart(date).getTime()).toBe(expected);
      const first = ukDayStart(date);
      first.setTime(0);
      expect(ukDayStart(date).getTime()).toBe(expected);
      const range = ukDateRange(date, date);
      expect(range.from.getTime()).toBe(expected);
      expect(range.to.getTime()).toBe(londonWallTimeToUtc(addDays(date, 1), '00:00').getTime());
    }
    // The spring day has 23 hours, the autumn day 25.
    const spring = ukDateRange('2027-03-28', '2027-03-28');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const autumn = ukDateRange('2027-10-31', '2027-10-31');
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });
});
