import { addDays, generateSlotTimes, isValidDateString, type TeeWindow, weekdayOf } from '@links/shared';
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blockedPeriods, courses, teeWindows } from '../../db/schema/index.ts';
import { earlierDate, ukDayStart } from '../courses/bookable-dates.ts';

/**
 * Whether a block covers a tee time at this instant: from its start, up to but not at its end (the rule slotOnSale
 * applies in SQL). Making tee times, a tee-window change's count and the staff tee sheet all ask it.
 */
export function blockCovers(block: { startsAt: Date; endsAt: Date }, ms: number): boolean {
  return block.startsAt.getTime() <= ms && block.endsAt.getTime() > ms;
}

export type GenerateTeeSlotsOptions = {
  /** First UK date to generate (inclusive). */
  from: string;
  /** Last UK date to generate (inclusive); each course also stops at its closing_date. */
  to: string;
  /** Defaults to every course. */
  courseIds?: number[];
};

export type GenerateTeeSlotsResult = { considered: number; inserted: number };

// Rows per INSERT: two array parameters each, so the statement size is bounded, not the parameter count.
const BATCH_SIZE = 5000;

export type WindowRow = {
  courseId: number;
  weekday: number;
  startTime: string;
  endTime: string;
  validFrom: string | null;
  validTo: string | null;
};

/** The columns a WindowRow is read with. */
export const windowColumns = {
  courseId: teeWindows.courseId,
  weekday: teeWindows.weekday,
  startTime: teeWindows.startTime,
  endTime: teeWindows.endTime,
  validFrom: teeWindows.validFrom,
  validTo: teeWindows.validTo,
};

/**
 * The windows of a weekday on a date: an adjustment (windows with a date range covering the date) replaces the
 * standing windows (no dates) of that weekday; otherwise the standing ones apply.
 */
export function windowsOn(date: string, weekday: number, rows: readonly WindowRow[]): TeeWindow[] {
  const sameDay = rows.filter((row) => row.weekday === weekday);
  const adjusted = sameDay.filter(
    (row) => row.validFrom !== null && row.validFrom <= date && (row.validTo === null || row.validTo >= date),
  );
  const chosen = adjusted.length > 0 ? adjusted : sameDay.filter((row) => row.validFrom === null);
  return chosen
    .map((row) => ({ start: row.startTime.slice(0, 5), end: row.endTime.slice(0, 5) }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

const DAY_MS = 86_400_000;

type Day = { date: string; weekday: number; start: number; lengthMs: number };

/** The UK days of [from, to] with their weekday and bounds, each worked out once for every course. */
function ukDays(from: string, to: string): Day[] {
  const days: Day[] = [];
  let start = ukDayStart(from).getTime();
  for (let date = from; date <= to; ) {
    const next = addDays(date, 1);
    const nextStart = ukDayStart(next).getTime();
    days.push({ date, weekday: weekdayOf(date), start, lengthMs: nextStart - start });
    date = next;
    start = nextStart;
  }
  return days;
}

/**
 * generateSlotTimes converts every wall-clock time through the time-zone database, which costs far more than the
 * rest of a year's generation. On a day without a clock change (exactly 24 hours from midnight to midnight) every
 * UK wall time sits at the same UTC offset, so its tee times are those of an earlier day with the same windows and
 * offset, moved by whole days. Clock-change days always go through generateSlotTimes itself.
 */
function createSlotTimesMemo() {
  const references = new Map<string, { dayStart: number; times: Date[] }>();
  return (day: Day, windows: TeeWindow[], interval: number): Date[] => {
    if (day.lengthMs !== DAY_MS) return generateSlotTimes(day.date, windows, interval);
    const offsetMinutes = Math.round((day.start % DAY_MS) / 60_000);
    const key = `${interval}|${offsetMinutes}|${windows.map((window) => `${window.start}-${window.end}`).join(',')}`;
    const reference = references.get(key);
    if (!reference) {
      const times = generateSlotTimes(day.date, windows, interval);
      references.set(key, { dayStart: day.start, times });
      return times;
    }
    const shift = day.start - reference.dayStart;
    return reference.times.map((time) => new Date(time.getTime() + shift));
  };
}

type PlanCourse = { closingDate: string; interval: number };

function plannedOn(
  days: readonly Day[],
  course: PlanCourse,
  windows: readonly WindowRow[],
  timesOn: ReturnType<typeof createSlotTimesMemo>,
): Date[] {
  const times: Date[] = [];
  for (const day of days) {
    if (day.date > course.closingDate) break;
    const dayWindows = windowsOn(day.date, day.weekday, windows);
    if (dayWindows.length > 0) times.push(...timesOn(day, dayWindows, course.interval));
  }
  return times;
}

/**
 * The tee times one course's windows make on the UK dates [from, to] (up to its closing date), blocks not
 * considered: what a tee-window change compares with the slots that exist.
 */
export function plannedTeeTimes(
  course: PlanCourse,
  windows: readonly WindowRow[],
  from: string,
  to: string,
): Date[] {
  if (from > to) return [];
  return plannedOn(ukDays(from, earlierDate(course.closingDate, to)), course, windows, createSlotTimesMemo());
}

/**
 * Creates the tee slots of [from, to] from the UK tee windows stored per course and weekday. Safe to run again
 * and from several instances at once (insert ... on conflict do nothing), so the nightly job that extends the
 * horizon and the seed share it. Tee times inside a blocked period are not created; a block added later is
 * still honoured, because the diary and availability queries exclude blocked times as well. A tee time withdrawn by
 * an earlier window change that the windows cover again is put back on sale.
 */
export async function generateTeeSlots(
  db: DbOrTx,
  options: GenerateTeeSlotsOptions,
): Promise<GenerateTeeSlotsResult> {
  if (!isValidDateString(options.from) || !isValidDateString(options.to)) {
    throw new RangeError('generateTeeSlots needs real yyyy-MM-dd dates.');
  }
  if (options.from > options.to) return { considered: 0, inserted: 0 };

  const courseRows = await db
    .select({ id: courses.id, closingDate: courses.closingDate, interval: courses.slotIntervalMinutes })
    .from(courses)
    .where(options.courseIds ? inArray(courses.id, options.courseIds) : undefined);
  if (courseRows.length === 0) return { considered: 0, inserted: 0 };
  const ids = courseRows.map((course) => course.id);

  const windowRows = await db.select(windowColumns).from(teeWindows).where(inArray(teeWindows.courseId, ids));

  // Generous UTC bounds around the UK dates; the exact test is per slot below.
  const rangeStart = new Date(`${options.from}T00:00:00Z`);
  rangeStart.setUTCDate(rangeStart.getUTCDate() - 1);
  const rangeEnd = new Date(`${options.to}T00:00:00Z`);
  rangeEnd.setUTCDate(rangeEnd.getUTCDate() + 2);
  const blocks = await db
    .select({
      courseId: blockedPeriods.courseId,
      startsAt: blockedPeriods.startsAt,
      endsAt: blockedPeriods.endsAt,
    })
    .from(blockedPeriods)
    .where(
      and(
        inArray(blockedPeriods.courseId, ids),
        lt(blockedPeriods.startsAt, rangeEnd),
        gt(blockedPeriods.endsAt, rangeStart),
      ),
    );

  const slotCourseIds: number[] = [];
  const slotStarts: string[] = [];
  const timesOn = createSlotTimesMemo();
  const lastClosing = courseRows.map((course) => course.closingDate).sort()[courseRows.length - 1]!;
  const days = ukDays(options.from, earlierDate(lastClosing, options.to));
  for (const course of courseRows) {
    const courseWindows = windowRows.filter((row) => row.courseId === course.id);
    const courseBlocks = blocks.filter((block) => block.courseId === course.id);
    for (const time of plannedOn(days, course, courseWindows, timesOn)) {
      const ms = time.getTime();
      if (courseBlocks.some((block) => blockCovers(block, ms))) continue;
      slotCourseIds.push(course.id);
      slotStarts.push(time.toISOString());
    }
  }

  let inserted = 0;
  for (let offset = 0; offset < slotStarts.length; offset += BATCH_SIZE) {
    // Arrays go over as PostgreSQL array literals in one text parameter each: both drivers pass text through
    // unchanged, and the statement stays the same size whatever the batch holds.
    const courseIdArray = `{${slotCourseIds.slice(offset, offset + BATCH_SIZE).join(',')}}`;
    const startsArray = `{${slotStarts.slice(offset, offset + BATCH_SIZE).join(',')}}`;
    const result = await db.execute<{ inserted: number }>(sql`
      with added as (
        insert into tee_slots (course_id, starts_at)
        select course_id, starts_at
        from unnest(${courseIdArray}::integer[], ${startsArray}::timestamptz[]) as slot(course_id, starts_at)
        on conflict (course_id, starts_at) do update set withdrawn_at = null
          where tee_slots.withdrawn_at is not null
        returning 1
      )
      select count(*)::integer as inserted from added`);
    inserted += Number(result.rows[0]?.inserted ?? 0);
  }
  return { considered: slotStarts.length, inserted };
}
