import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInMonth,
  formatConfirmationTeeTime,
  formatLongDate,
  formatSummaryTeeTime,
  isValidDateString,
  isValidMonthString,
  londonDate,
  londonIsoDateTime,
  londonTime,
  londonWallTimeToUtc,
  monthOf,
  todayInLondon,
  weekdayOf,
} from './uk-time';

describe('date and month validation', () => {
  it('accepts real dates only', () => {
    for (const date of ['2026-02-28', '2028-02-29']) expect(isValidDateString(date), date).toBe(true);
    const impossible = ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10'];
    const malformed = ['2026-1-01', '26-01-01', '2026-01-01T00:00', ''];
    for (const text of [...impossible, ...malformed]) expect(isValidDateString(text), text).toBe(false);
  });

  it('accepts real months only', () => {
    expect(isValidMonthString('2026-12')).toBe(true);
    for (const text of ['2026-13', '2026-00', '2026-1', '2026-01-01']) {
      expect(isValidMonthString(text), text).toBe(false);
    }
  });
});

describe('UK dates of instants', () => {
  it('gives the UK date, not the UTC date, late in a summer evening', () => {
    // 23:30 UTC in July is 00:30 BST the next day.
    expect(londonDate(new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(londonTime(new Date('2026-07-14T23:30:00Z'))).toBe('00:30');
    // In winter the UK is on UTC.
    expect(londonDate(new Date('2026-12-14T23:30:00Z'))).toBe('2026-12-14');
  });

  it('agrees with the time-zone database minute by minute through both clock changes and every midnight', () => {
    const reference = (instant: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', dateStyle: 'short' }).format(instant);
    for (const start of ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '2026-07-01T20:00:00Z']) {
      for (let minute = 0; minute < 36 * 60; minute += 7) {
        const instant = new Date(Date.parse(start) + minute * 60_000 + 59_999);
        expect(londonDate(instant), instant.toISOString()).toBe(reference(instant));
      }
    }
    expect(() => londonDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('reads today in the UK', () => {
    expect(todayInLondon(new Date('2026-03-28T23:59:59Z'))).toBe('2026-03-28');
    expect(todayInLondon(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(todayInLondon()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('londonWallTimeToUtc', () => {
  it('uses BST in summer and GMT in winter', () => {
    expect(londonWallTimeToUtc('2026-07-14', '09:00').toISOString()).toBe('2026-07-14T08:00:00.000Z');
    expect(londonWallTimeToUtc('2026-12-14', '09:00').toISOString()).toBe('2026-12-14T09:00:00.000Z');
  });

  it('is correct on both clock-change days', () => {
    expect(londonWallTimeToUtc('2026-03-29', '00:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(londonWallTimeToUtc('2026-03-29', '09:00').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(londonWallTimeToUtc('2026-10-25', '09:00').toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(londonWallTimeToUtc('2026-10-25', '00:30').toISOString()).toBe('2026-10-24T23:30:00.000Z');
  });

  it('throws for the hour skipped in spring', () => {
    expect(() => londonWallTimeToUtc('2026-03-29', '01:00')).toThrow(RangeError);
    expect(() => londonWallTimeToUtc('2026-03-29', '01:59')).toThrow(RangeError);
  });

  it('resolves the hour repeated in autumn to its GMT occurrence', () => {
    expect(londonWallTimeToUtc('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });

  it('throws for malformed or impossible input', () => {
    expect(() => londonWallTimeToUtc('2026-02-30', '09:00')).toThrow(RangeError);
    expect(() => londonWallTimeToUtc('2026-07-14', '24:00')).toThrow(RangeError);
    expect(() => londonWallTimeToUtc('2026-07-14', '9:00')).toThrow(RangeError);
    expect(() => londonWallTimeToUtc('2026-07-14', '09:60')).toThrow(RangeError);
  });

  it('round-trips through londonDate and londonTime', () => {
    const instant = londonWallTimeToUtc('2026-06-21', '16:50');
    expect(londonDate(instant)).toBe('2026-06-21');
    expect(londonTime(instant)).toBe('16:50');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month, year and clock-change boundaries', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-30', '2026-10-24')).toBe(-6);
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-07-14', 0)).toBe('2026-07-14');
  });

  it('refuses bad input', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-01', 1.5)).toThrow(RangeError);
  });

  it('counts whole days between dates, clock changes included', () => {
    expect(daysBetween('2026-03-27', '2026-04-03')).toBe(7);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-07-20', '2026-07-14')).toBe(-6);
  });

  it('lists every day of a month', () => {
    const february = daysInMonth('2026-02');
    expect(february).toHaveLength(28);
    expect(february[0]).toBe('2026-02-01');
    expect(february.at(-1)).toBe('2026-02-28');
    expect(daysInMonth('2028-02')).toHaveLength(29);
    const march = daysInMonth('2026-03');
    expect(march).toHaveLength(31);
    expect(new Set(march).size).toBe(31);
    expect(daysInMonth('2026-10')).toHaveLength(31);
    expect(() => daysInMonth('2026-13')).toThrow(RangeError);
  });

  it('gives the weekday of a UK date', () => {
    expect(weekdayOf('2026-03-29')).toBe(0); // Sunday, clocks go forward
    expect(weekdayOf('2026-10-24')).toBe(6); // Saturday
    expect(weekdayOf('2026-07-14')).toBe(2); // Tuesday
  });

  it('gives the month of a date', () => {
    expect(monthOf('2026-07-14')).toBe('2026-07');
  });
});

describe('tee time formats', () => {
  it('formats the summary tee time in UK time', () => {
    expect(formatSummaryTeeTime(new Date('2025-05-05T13:30:00Z'))).toBe('5th May 2025 at 2:30pm');
    expect(formatSummaryTeeTime(new Date('2026-12-01T09:10:00Z'))).toBe('1st December 2026 at 9:10am');
  });

  it('formats the confirmation tee time with the weekday', () => {
    expect(formatConfirmationTeeTime(new Date('2025-05-05T13:30:00Z'))).toBe('Monday 5th May 2025 at 2:30pm');
    expect(formatConfirmationTeeTime(new Date('2026-03-29T10:30:00Z'))).toBe(
      'Sunday 29th March 2026 at 11:30am',
    );
  });

  it('writes an instant as ISO 8601 with its UK offset, GMT and BST', () => {
    expect(londonIsoDateTime(new Date('2026-03-28T10:00:00Z'))).toBe('2026-03-28T10:00:00+00:00');
    expect(londonIsoDateTime(new Date('2026-03-30T09:00:00Z'))).toBe('2026-03-30T10:00:00+01:00');
  });

  it('formats a long date', () => {
    expect(formatLongDate('2026-07-14')).toBe('Tuesday 14th July 2026');
  });
});
