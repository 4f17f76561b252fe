import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, eachDayOfInterval, endOfMonth, format, isValid, parse } from 'date-fns';
import { UK_TIME_ZONE } from './constants';

// Conventions: a "date" is a yyyy-MM-dd calendar date in the UK, a "month" is yyyy-MM, a "time" is HH:mm UK
// wall-clock time, and an instant is a plain Date (UTC underneath). All zone arithmetic goes through TZDate so
// the clock changes (last Sunday of March and of October) are handled by the tz database, not by us.

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_PATTERN = /^\d{4}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
// date-fns parse needs a reference date for fields the pattern lacks; any fixed date will do.
const PARSE_REFERENCE = new Date(2000, 0, 1);

function inLondon(instant: Date): TZDate {
  return new TZDate(instant.getTime(), UK_TIME_ZONE);
}

/** A calendar date as a wall-clock noon in London: safe for day arithmetic whatever the clocks do at night. */
function londonNoon(date: string): TZDate {
  if (!isValidDateString(date)) {
    throw new RangeError(`"${date}" is not a real date in the form yyyy-MM-dd.`);
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, 12, 0, UK_TIME_ZONE);
}

export function isValidDateString(date: string): boolean {
  if (typeof date !== 'string' || !DATE_PATTERN.test(date)) return false;
  const parsed = parse(date, 'yyyy-MM-dd', PARSE_REFERENCE);
  return isValid(parsed) && format(parsed, 'yyyy-MM-dd') === date;
}

export function isValidMonthString(month: string): boolean {
  if (typeof month !== 'string' || !MONTH_PATTERN.test(month)) return false;
  const parsed = parse(month, 'yyyy-MM', PARSE_REFERENCE);
  return isValid(parsed) && format(parsed, 'yyyy-MM') === month;
}

export function isValidTimeString(time: string): boolean {
  return typeof time === 'string' && TIME_PATTERN.test(time);
}

/** The UK calendar date of an instant. */
export function londonDate(instant: Date): string {
  return format(inLondon(instant), 'yyyy-MM-dd');
}

/** Today's date in the UK, which is what "today" means for every booking rule. */
export function todayInLondon(now: Date = new Date()): string {
  return londonDate(now);
}

/** The UK wall-clock time of an instant, 'HH:mm'. */
export function londonTime(instant: Date): string {
  return format(inLondon(instant), 'HH:mm');
}

/** The UK month (yyyy-MM) of a date string. */
export function monthOf(date: string): string {
  return format(londonNoon(date), 'yyyy-MM');
}

/**
 * The instant at which a UK wall clock shows `time` on `date`.
 * Throws RangeError for malformed input and for times skipped when the clocks go forward (01:00-01:59 on the
 * last Sunday of March). A time that occurs twice (01:00-01:59 on the last Sunday of October) resolves to the
 * second, GMT, occurrence, as the tz database does; no tee window comes near those hours.
 */
export function londonWallTimeToUtc(date: string, time: string): Date {
  if (!isValidTimeString(time)) {
    throw new RangeError(`"${time}" is not a time in the form HH:mm.`);
  }
  const noon = londonNoon(date);
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const zoned = new TZDate(noon.getFullYear(), noon.getMonth(), noon.getDate(), hours, minutes, UK_TIME_ZONE);
  if (format(zoned, 'yyyy-MM-dd HH:mm') !== `${date} ${time}`) {
    throw new RangeError(`${time} does not exist on ${date} in the UK: the clocks go forward then.`);
  }
  return new Date(zoned.getTime());
}

/** Calendar arithmetic on UK dates: addDays('2026-03-28', 1) -> '2026-03-29'. */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) {
    throw new RangeError('The number of days must be a whole number.');
  }
  return format(addCalendarDays(londonNoon(date), days), 'yyyy-MM-dd');
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  // Both are London noons, so the difference is a whole number of days give or take one clock change hour.
  return Math.round((londonNoon(to).getTime() - londonNoon(from).getTime()) / 86_400_000);
}

/** Every date of a yyyy-MM month, in order. */
export function daysInMonth(month: string): string[] {
  if (!isValidMonthString(month)) {
    throw new RangeError(`"${month}" is not a real month in the form yyyy-MM.`);
  }
  const first = londonNoon(`${month}-01`);
  return eachDayOfInterval({ start: first, end: endOfMonth(first) }).map((day) => format(day, 'yyyy-MM-dd'));
}

/** Day of the week of a UK date: 0 Sunday .. 6 Saturday. */
export function weekdayOf(date: string): number {
  return londonNoon(date).getDay();
}

/** Booking summary format (spec section 2): '5th May 2025 at 2:30pm'. */
export function formatSummaryTeeTime(instant: Date): string {
  return format(inLondon(instant), "do MMMM yyyy 'at' h:mmaaa");
}

/** Confirmation page format (spec section 2): 'Monday 5th May 2025 at 2:30pm'. */
export function formatConfirmationTeeTime(instant: Date): string {
  return format(inLondon(instant), "EEEE do MMMM yyyy 'at' h:mmaaa");
}

/** Long date for headings such as the tee sheet and the empty-diary message: 'Monday 5th May 2025'. */
export function formatLongDate(date: string): string {
  return format(londonNoon(date), 'EEEE do MMMM yyyy');
}
