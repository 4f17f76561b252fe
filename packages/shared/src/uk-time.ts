import { TZDate } from '@date-fns/tz';
import { eachDayOfInterval, endOfMonth, format, isValid, parse } from 'date-fns';
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

/** The year, month (1-12) and day of a yyyy-MM-dd string that names a real calendar date, else undefined. */
function calendarParts(date: string): [number, number, number] | undefined {
  if (typeof date !== 'string' || !DATE_PATTERN.test(date)) return undefined;
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  // Date.UTC rolls an impossible day over (31 April -> 1 May): a real date survives the round trip unchanged.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return [year, month, day];
}

/** Days since 1970-01-01 of a calendar date (zone-free: a calendar date is the same day everywhere). */
function dayNumber(date: string): number {
  const parts = calendarParts(date);
  if (!parts) throw new RangeError(`"${date}" is not a real date in the form yyyy-MM-dd.`);
  return Date.UTC(parts[0], parts[1] - 1, parts[2]) / 86_400_000;
}

function dateOfDayNumber(days: number): string {
  return new Date(days * 86_400_000).toISOString().slice(0, 10);
}

export function isValidDateString(date: string): boolean {
  return calendarParts(date) !== undefined;
}

export function isValidMonthString(month: string): boolean {
  if (typeof month !== 'string' || !MONTH_PATTERN.test(month)) return false;
  const parsed = parse(month, 'yyyy-MM', PARSE_REFERENCE);
  return isValid(parsed) && format(parsed, 'yyyy-MM') === month;
}

export function isValidTimeString(time: string): boolean {
  return typeof time === 'string' && TIME_PATTERN.test(time);
}

// UK offsets change only on whole UTC hours, so an instant's UK date is that of its UTC hour: remembered per hour.
const londonDateByHour = new Map<number, string>();

/** The UK calendar date of an instant. */
export function londonDate(instant: Date): string {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  let date = londonDateByHour.get(hour);
  if (date === undefined) {
    if (Number.isNaN(hour)) throw new RangeError('Invalid time value');
    date = format(inLondon(new Date(hour * 3_600_000)), 'yyyy-MM-dd');
    if (londonDateByHour.size >= 4096) londonDateByHour.clear();
    londonDateByHour.set(hour, date);
  }
  return date;
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
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
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
  return new Date(dayNumber(date) * 86_400_000).getUTCDay();
}

/** Booking summary format (spec section 2): '5th May 2025 at 2:30pm'. */
export function formatSummaryTeeTime(instant: Date): string {
  return format(inLondon(instant), "do MMMM yyyy 'at' h:mmaaa");
}

/** Confirmation page format (spec section 2): 'Monday 5th May 2025 at 2:30pm'. */
export function formatConfirmationTeeTime(instant: Date): string {
  return format(inLondon(instant), "EEEE do MMMM yyyy 'at' h:mmaaa");
}

/** ISO 8601 with the UK offset of that instant, for machine-readable times: '2026-07-01T14:30:00+01:00'. */
export function londonIsoDateTime(instant: Date): string {
  return format(inLondon(instant), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** Long date for headings such as the tee sheet and the empty-diary message: 'Monday 5th May 2025'. */
export function formatLongDate(date: string): string {
  return format(londonNoon(date), 'EEEE do MMMM yyyy');
}
