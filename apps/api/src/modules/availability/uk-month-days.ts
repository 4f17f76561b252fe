import { addDays, daysInMonth } from '@links/shared/uk-time';
import { ukDayStart } from '../courses/bookable-dates.ts';
import type { UkDay } from './availability.repository.ts';

export type UkMonth = { days: UkDay[] /** Start of the first day of the next month. */; end: Date };

// Working out a month's UK midnights takes a few dozen time-zone conversions; a month never changes, and the
// availability call only accepts about 26 different months, so each is computed once per process.
const MAX_CACHED_MONTHS = 64;
const months = new Map<string, UkMonth>();

export function ukMonthDays(month: string): UkMonth {
  const cached = months.get(month);
  if (cached) return cached;
  const dates = daysInMonth(month);
  const value: UkMonth = {
    days: dates.map((date) => ({ date, start: ukDayStart(date) })),
    end: ukDayStart(addDays(dates[dates.length - 1]!, 1)),
  };
  if (months.size >= MAX_CACHED_MONTHS) months.delete(months.keys().next().value!);
  months.set(month, value);
  return value;
}
