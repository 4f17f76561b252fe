import type {
  StaffTeeWindows,
  TeeWindowChange,
  TeeWindowPreview,
  TeeWindowRule,
} from '@links/shared/schemas/staff-tee-windows';
import { WEEKDAY_NAMES } from '@links/shared/schemas/staff-tee-windows';
import { addDays, formatLongDate, londonTime, weekdayOf } from '@links/shared/uk-time';
import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { blockedPeriods, courses, teeSlots, teeWindows } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { ukDateRange, ukToday } from '../courses/bookable-dates.ts';
import { listCourses } from '../courses/courses.repository.ts';
import {
  blockCovers,
  generateTeeSlots,
  plannedTeeTimes,
  type WindowRow,
  windowColumns,
} from '../tee-sheet/generate-tee-slots.ts';
import { recordAudit } from './audit-log.ts';
import { liveBookingsOnSlots } from './blocks.ts';

// Tee windows and intervals for the resort's staff (issue 23). Tee times are rows made from the windows
// (generate-tee-slots.ts), so a change here is a difference between two sets of instants from today to the closing
// date: the times the new windows make and have no row get one (or come back on sale), and the rows the new windows
// no longer make are taken out of sale. A row nobody ever booked is deleted; a row with a booking (live or past) is
// withdrawn instead and kept, so a booking never loses its tee time: the live ones are listed, before and after the
// change, for staff to move. Changes of one course are serialised by a lock on its row.

const LISTED_CONFLICTS = 200;

type CourseRow = { id: number; name: string; closingDate: string; interval: number };

const courseNotFound = () => notFound('There is no such course.', 'course_not_found');

async function loadCourse(db: DbOrTx, courseId: number, lock = false): Promise<CourseRow> {
  const query = db
    .select({
      id: courses.id,
      name: courses.name,
      closingDate: courses.closingDate,
      interval: courses.slotIntervalMinutes,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  // FOR NO KEY UPDATE, not FOR UPDATE: a hold being made inserts a round referencing the course (a KEY SHARE lock)
  // while it holds its tee time's row, which this change waits for; FOR UPDATE would deadlock the two.
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw courseNotFound();
  return row;
}

const sameDates = (row: WindowRow, change: Pick<TeeWindowChange, 'valid_from' | 'valid_to'>) =>
  row.validFrom === change.valid_from && row.validTo === change.valid_to;

/** The windows grouped as staff edit them: one rule per weekday and date range. */
function rulesOf(rows: readonly WindowRow[]): TeeWindowRule[] {
  const rules = new Map<string, TeeWindowRule>();
  for (const row of rows) {
    const key = `${row.validFrom ?? ''}|${row.validTo ?? ''}|${row.weekday}`;
    const rule = rules.get(key) ?? {
      weekday: row.weekday,
      valid_from: row.validFrom,
      valid_to: row.validTo,
      windows: [],
    };
    rule.windows.push({ start: row.startTime.slice(0, 5), end: row.endTime.slice(0, 5) });
    rules.set(key, rule);
  }
  // Monday first, as the resort's week is read; Sunday last.
  const dayOrder = (weekday: number) => (weekday + 6) % 7;
  return [...rules.values()]
    .map((rule) => ({ ...rule, windows: rule.windows.sort((a, b) => a.start.localeCompare(b.start)) }))
    .sort(
      (a, b) =>
        (a.valid_from ?? '').localeCompare(b.valid_from ?? '') || dayOrder(a.weekday) - dayOrder(b.weekday),
    );
}

/**
 * Adjustments of one weekday must not partly overlap, or which one applies on a day would be a guess; the same
 * dates are the same adjustment, which the change replaces.
 */
function assertNoClash(rows: readonly WindowRow[], change: TeeWindowChange): void {
  if (change.valid_from === null || change.valid_to === null) return;
  const from = change.valid_from;
  const to = change.valid_to;
  const clash = rows.find(
    (row) =>
      change.weekdays.includes(row.weekday) &&
      row.validFrom !== null &&
      !sameDates(row, change) &&
      row.validFrom <= to &&
      (row.validTo === null || row.validTo >= from),
  );
  if (clash) {
    const dates = `${formatLongDate(clash.validFrom!)} to ${clash.validTo ? formatLongDate(clash.validTo) : 'no end'}`;
    throw new AppError(
      'tee_window_clash',
      409,
      `These dates overlap the adjustment of ${dates} on ${WEEKDAY_NAMES[clash.weekday]}s: change that adjustment instead, or choose other dates.`,
    );
  }
}

function changedRows(rows: readonly WindowRow[], change: TeeWindowChange): WindowRow[] {
  const kept = rows.filter((row) => !(change.weekdays.includes(row.weekday) && sameDates(row, change)));
  const added = change.weekdays.flatMap((weekday) =>
    change.windows.map((window) => ({
      courseId: change.course_id,
      weekday,
      startTime: `${window.start}:00`,
      endTime: `${window.end}:00`,
      validFrom: change.valid_from,
      validTo: change.valid_to,
    })),
  );
  return [...kept, ...added];
}

/** Slot ids as one PostgreSQL array parameter: a change can touch tens of thousands of tee times. */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;

type Difference = {
  firstDay: string;
  lastDay: string;
  /** Existing on-sale rows the new windows no longer make, not yet started. */
  outside: { id: number; startsAt: Date }[];
  added: number;
  removed: number;
};

async function difference(
  db: DbOrTx,
  course: CourseRow,
  rows: readonly WindowRow[],
  interval: number,
  now: Date,
): Promise<Difference> {
  const firstDay = ukToday(now);
  const lastDay = course.closingDate;
  const planned = new Set(
    plannedTeeTimes({ closingDate: lastDay, interval }, rows, firstDay, lastDay).map((time) =>
      time.getTime(),
    ),
  );
  // yyyy-MM-dd dates sort as text: the later of today and the closing date.
  const { to } = ukDateRange(firstDay, [firstDay, lastDay].sort()[1]!);
  const [existing, blocks] = await Promise.all([
    db
      .select({ id: teeSlots.id, startsAt: teeSlots.startsAt, withdrawnAt: teeSlots.withdrawnAt })
      .from(teeSlots)
      .where(and(eq(teeSlots.courseId, course.id), gt(teeSlots.startsAt, now), lt(teeSlots.startsAt, to))),
    db
      .select({ startsAt: blockedPeriods.startsAt, endsAt: blockedPeriods.endsAt })
      .from(blockedPeriods)
      .where(and(eq(blockedPeriods.courseId, course.id), gt(blockedPeriods.endsAt, now))),
  ]);
  const blocked = (ms: number) => blocks.some((block) => blockCovers(block, ms));
  const onSale = new Set<number>();
  const outside: Difference['outside'] = [];
  let removed = 0;
  for (const slot of existing) {
    if (slot.withdrawnAt !== null) continue;
    const ms = slot.startsAt.getTime();
    onSale.add(ms);
    if (planned.has(ms)) continue;
    outside.push({ id: slot.id, startsAt: slot.startsAt });
    if (!blocked(ms)) removed += 1;
  }
  let added = 0;
  for (const ms of planned) {
    if (ms > now.getTime() && !onSale.has(ms) && !blocked(ms)) added += 1;
  }
  return { firstDay, lastDay, outside, added, removed };
}

/** The first day from `from` on, within a week, that falls on one of the weekdays. */
function firstDayOn(from: string, weekdays: readonly number[]): string {
  for (let offset = 0; offset < 7; offset += 1) {
    const day = addDays(from, offset);
    if (weekdays.includes(weekdayOf(day))) return day;
  }
  return from;
}

async function loadWindows(db: DbOrTx, courseId: number): Promise<WindowRow[]> {
  return db.select(windowColumns).from(teeWindows).where(eq(teeWindows.courseId, courseId));
}

/** GET /v1/staff/tee-windows: every course's interval, closing date, windows and bookings left outside them. */
export async function staffTeeWindows(db: DbOrTx, now: Date): Promise<StaffTeeWindows> {
  const courseRows = await listCourses(db);
  const windowRows = await db
    .select(windowColumns)
    .from(teeWindows)
    .where(
      inArray(
        teeWindows.courseId,
        courseRows.map((course) => course.id),
      ),
    );
  return {
    courses: await Promise.all(
      courseRows.map(async (course) => ({
        id: course.id,
        name: course.name,
        interval_minutes: course.slotIntervalMinutes,
        closing_date: course.closingDate,
        rules: rulesOf(windowRows.filter((row) => row.courseId === course.id)),
        outside: await liveBookingsOnSlots(
          db,
          and(eq(teeSlots.courseId, course.id), isNotNull(teeSlots.withdrawnAt), gt(teeSlots.startsAt, now)),
          LISTED_CONFLICTS,
        ),
      })),
    ),
  };
}

async function previewWith(
  db: DbOrTx,
  course: CourseRow,
  rows: readonly WindowRow[],
  change: TeeWindowChange,
  now: Date,
): Promise<{ preview: TeeWindowPreview; outsideIds: number[] }> {
  const next = changedRows(rows, change);
  const found = await difference(db, course, next, change.interval_minutes, now);
  const outsideIds = found.outside.map((slot) => slot.id);
  const conflicts =
    outsideIds.length === 0
      ? []
      : await liveBookingsOnSlots(db, sql`${teeSlots.id} = any(${idArray(outsideIds)})`, LISTED_CONFLICTS);
  // The difference starts today.
  const today = found.firstDay;
  const sampleDate =
    change.sample_date ??
    firstDayOn(change.valid_from && change.valid_from > today ? change.valid_from : today, change.weekdays);
  const timesOf = (windowRows: readonly WindowRow[], interval: number) =>
    plannedTeeTimes({ closingDate: sampleDate, interval }, windowRows, sampleDate, sampleDate).map(
      londonTime,
    );
  return {
    preview: {
      first_day: found.lastDay < found.firstDay ? null : found.firstDay,
      last_day: found.lastDay < found.firstDay ? null : found.lastDay,
      added: found.added,
      removed: found.removed,
      sample: {
        date: sampleDate,
        before: timesOf(rows, course.interval),
        after: timesOf(next, change.interval_minutes),
      },
      conflicts,
    },
    outsideIds,
  };
}

/** POST /v1/staff/tee-windows/preview: what the change would do, changing nothing. */
export async function previewTeeWindowChange(
  db: DbOrTx,
  change: TeeWindowChange,
  now: Date,
): Promise<TeeWindowPreview> {
  const course = await loadCourse(db, change.course_id);
  const rows = await loadWindows(db, course.id);
  assertNoClash(rows, change);
  return (await previewWith(db, course, rows, change, now)).preview;
}

/** PUT /v1/staff/tee-windows: makes the change (audited) and answers what it did and the windows as they are now. */
export async function changeTeeWindows(
  db: Db,
  change: TeeWindowChange,
  staffUserId: number,
  now: Date,
): Promise<{ applied: TeeWindowPreview; tee_windows: StaffTeeWindows }> {
  const applied = await db.transaction(async (tx) => {
    const course = await loadCourse(tx, change.course_id, true);
    const rows = await loadWindows(tx, course.id);
    assertNoClash(rows, change);
    const { preview, outsideIds } = await previewWith(tx, course, rows, change, now);

    await tx
      .delete(teeWindows)
      .where(
        and(
          eq(teeWindows.courseId, course.id),
          inArray(teeWindows.weekday, change.weekdays),
          change.valid_from === null
            ? sql`${teeWindows.validFrom} is null`
            : eq(teeWindows.validFrom, change.valid_from),
          change.valid_to === null
            ? sql`${teeWindows.validTo} is null`
            : eq(teeWindows.validTo, change.valid_to),
        ),
      );
    const added = changedRows([], change);
    if (added.length > 0) await tx.insert(teeWindows).values(added);
    if (change.interval_minutes !== course.interval) {
      await tx
        .update(courses)
        .set({ slotIntervalMinutes: change.interval_minutes })
        .where(eq(courses.id, course.id));
    }

    if (outsideIds.length > 0) {
      // Locked first: a booking being made on one of these tee times either committed already (its round is seen
      // below and the row is withdrawn, not deleted) or waits for this change and then finds the time off sale.
      await tx.execute(
        sql`select id from tee_slots where id = any(${idArray(outsideIds)}) order by id for update`,
      );
      await tx.execute(sql`
        delete from tee_slots
        where id = any(${idArray(outsideIds)})
          and not exists (select 1 from booking_rounds where booking_rounds.slot_id = tee_slots.id)`);
      await tx
        .update(teeSlots)
        .set({ withdrawnAt: now })
        .where(sql`${teeSlots.id} = any(${idArray(outsideIds)})`);
    }
    if (preview.first_day && preview.last_day) {
      await generateTeeSlots(tx, { from: preview.first_day, to: preview.last_day, courseIds: [course.id] });
    }

    const before = rows.filter((row) => change.weekdays.includes(row.weekday) && sameDates(row, change));
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'course.tee_windows_changed',
      target: { type: 'course', id: course.id },
      before: { interval_minutes: course.interval, rules: rulesOf(before) },
      after: {
        interval_minutes: change.interval_minutes,
        rules: rulesOf(added),
        tee_times_added: preview.added,
        tee_times_removed: preview.removed,
        bookings_outside: preview.conflicts.map((booking) => booking.booking_number),
      },
      at: now,
    });
    return preview;
  });
  listCourses.invalidate(db);
  return { applied, tee_windows: await staffTeeWindows(db, now) };
}
