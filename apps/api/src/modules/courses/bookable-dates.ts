import { addDays, londonWallTimeToUtc, todayInLondon } from '@links/shared/uk-time';
import type { Course } from '../../db/schema/index.ts';

/** The UK dates a course can be booked on: today up to its closing date (spec section 5, Calendar). */
export function bookableDates(
  course: Pick<Course, 'closingDate'>,
  now: Date,
): { first: string; last: string } {
  return { first: todayInLondon(now), last: course.closingDate };
}

/** The instant a UK date begins. Midnight always exists in the UK: the clocks change at 01:00 and 02:00. */
export function ukDayStart(date: string): Date {
  return londonWallTimeToUtc(date, '00:00');
}

/** The instants bounding the UK dates [first, last]: from the start of first to the start of the day after last. */
export function ukDateRange(first: string, last: string): { from: Date; to: Date } {
  return { from: ukDayStart(first), to: ukDayStart(addDays(last, 1)) };
}

/** A slot starting exactly now has started: today's remaining slots begin one millisecond later. */
export function notStartedAfter(now: Date): Date {
  return new Date(now.getTime() + 1);
}

/** The earlier of two yyyy-MM-dd dates (they sort as text). */
export function earlierDate(a: string, b: string): string {
  return a <= b ? a : b;
}
