import { addDays, londonWallTimeToUtc, todayInLondon } from '@links/shared/uk-time';
import type { Course } from '../../db/schema/index.ts';

// The tee-sheet reads ask for the same few UK dates over and over, and each conversion costs date-fns parsing and
// time-zone arithmetic. A date's start never changes, so each is worked out once per process (bounded: the oldest
// entries go first; a tee-slot generation run over years just recomputes).
const MAX_CACHED_DATES = 1024;
const dayStarts = new Map<string, number>();
const nextDayStarts = new Map<string, number>();

function remember(cache: Map<string, number>, date: string, compute: () => number): number {
  const cached = cache.get(date);
  if (cached !== undefined) return cached;
  const value = compute();
  if (cache.size >= MAX_CACHED_DATES) cache.delete(cache.keys().next().value!);
  cache.set(date, value);
  return value;
}

/** The instant a UK date begins. Midnight always exists in the UK: the clocks change at 01:00 and 02:00. */
export function ukDayStart(date: string): Date {
  return new Date(remember(dayStarts, date, () => londonWallTimeToUtc(date, '00:00').getTime()));
}

/** The instant the UK day after `date` begins. */
export function ukDayEnd(date: string): Date {
  return new Date(remember(nextDayStarts, date, () => ukDayStart(addDays(date, 1)).getTime()));
}

// Today's UK date and the instants it spans: while the clock stays inside them, today is known without converting.
let today: { date: string; from: number; to: number } | undefined;

/** The UK date of an instant, like todayInLondon, answered from the last call while the same UK day lasts. */
export function ukToday(now: Date): string {
  const time = now.getTime();
  if (today && time >= today.from && time < today.to) return today.date;
  const date = todayInLondon(now);
  today = { date, from: ukDayStart(date).getTime(), to: ukDayEnd(date).getTime() };
  return date;
}

/** The UK dates a course can be booked on: today up to its closing date (spec section 5, Calendar). */
export function bookableDates(
  course: Pick<Course, 'closingDate'>,
  now: Date,
): { first: string; last: string } {
  return { first: ukToday(now), last: course.closingDate };
}

/** The instants bounding the UK dates [first, last]: from the start of first to the start of the day after last. */
export function ukDateRange(first: string, last: string): { from: Date; to: Date } {
  return { from: ukDayStart(first), to: ukDayEnd(last) };
}

/** A slot starting exactly now has started: today's remaining slots begin one millisecond later. */
export function notStartedAfter(now: Date): Date {
  return new Date(now.getTime() + 1);
}

/** The earlier of two yyyy-MM-dd dates (they sort as text). */
export function earlierDate(a: string, b: string): string {
  return a <= b ? a : b;
}
