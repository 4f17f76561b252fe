import { COURSE_IDS } from './constants';
import { isValidDateString, isValidTimeString, londonWallTimeToUtc, weekdayOf } from './uk-time';

export type TeeWindow = { start: string /* HH:mm */; end: string /* HH:mm, inclusive */ };
export type WeeklyTeeWindows = { weekday: TeeWindow[]; saturday: TeeWindow[]; sunday: TeeWindow[] };

/**
 * The published tee-time windows of spec section 9 (dark times may alter them). The API stores windows as data;
 * this mirror exists to seed that data and to test against the published figures.
 */
export const PUBLISHED_TEE_WINDOWS: Readonly<Record<number, WeeklyTeeWindows>> = {
  [COURSE_IDS.championship]: {
    weekday: [
      { start: '09:00', end: '12:20' },
      { start: '13:30', end: '15:50' },
    ],
    saturday: [{ start: '14:00', end: '16:50' }],
    sunday: [{ start: '11:30', end: '16:50' }],
  },
  [COURSE_IDS.burnside]: {
    weekday: [
      { start: '10:00', end: '12:20' },
      { start: '14:00', end: '15:50' },
    ],
    saturday: [{ start: '14:00', end: '17:50' }],
    sunday: [{ start: '12:00', end: '17:50' }],
  },
  [COURSE_IDS.buddonLinks]: {
    weekday: [
      { start: '09:00', end: '12:20' },
      { start: '13:30', end: '15:50' },
    ],
    saturday: [{ start: '14:00', end: '17:50' }],
    sunday: [{ start: '12:00', end: '17:50' }],
  },
};

/** The published windows for a course on a UK date; an empty list for a course with none. */
export function publishedWindowsFor(courseId: number, date: string): TeeWindow[] {
  const weekly = PUBLISHED_TEE_WINDOWS[courseId];
  if (!weekly) return [];
  const weekday = weekdayOf(date);
  if (weekday === 0) return weekly.sunday;
  if (weekday === 6) return weekly.saturday;
  return weekly.weekday;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

function timeOf(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * The tee times of one UK date, as UTC instants, sorted and without duplicates.
 * Times are stepped on the UK wall clock (09:00, 09:10, ...) and only then converted, so a clock-change day gets
 * exactly the wall-clock times a normal day gets: none missing, doubled or shifted by an hour. Wall-clock times
 * that do not exist that day (the hour skipped in March) are left out rather than moved.
 */
export function generateSlotTimes(date: string, windows: TeeWindow[], intervalMinutes: number): Date[] {
  if (!isValidDateString(date)) {
    throw new RangeError(`"${date}" is not a real date in the form yyyy-MM-dd.`);
  }
  if (!Number.isInteger(intervalMinutes) || intervalMinutes <= 0) {
    throw new RangeError('The tee-time interval must be a whole number of minutes above zero.');
  }
  const instants = new Map<number, Date>();
  for (const window of windows) {
    if (!isValidTimeString(window.start) || !isValidTimeString(window.end)) {
      throw new RangeError(`The tee window ${window.start}-${window.end} must use HH:mm times.`);
    }
    const first = minutesOf(window.start);
    const last = minutesOf(window.end);
    if (last < first) {
      throw new RangeError(`The tee window ${window.start}-${window.end} ends before it starts.`);
    }
    for (let minute = first; minute <= last; minute += intervalMinutes) {
      // Date and time are known valid here, so the only failure left is a time the spring change skips.
      let instant: Date;
      try {
        instant = londonWallTimeToUtc(date, timeOf(minute));
      } catch {
        continue;
      }
      instants.set(instant.getTime(), instant);
    }
  }
  return [...instants.values()].sort((a, b) => a.getTime() - b.getTime());
}
