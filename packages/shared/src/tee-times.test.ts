import { describe, expect, it } from 'vitest';
import { COURSE_IDS } from './constants';
import { generateSlotTimes, PUBLISHED_TEE_WINDOWS, publishedWindowsFor, type TeeWindow } from './tee-times';
import { londonDate, londonTime } from './uk-time';

/** The wall-clock times a window list should produce, written out independently of the generator. */
function expectedWallTimes(windows: TeeWindow[], interval: number): string[] {
  const times: string[] = [];
  for (const { start, end } of windows) {
    const [sh, sm] = start.split(':').map(Number) as [number, number];
    const [eh, em] = end.split(':').map(Number) as [number, number];
    for (let m = sh * 60 + sm; m <= eh * 60 + em; m += interval) {
      times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    }
  }
  return [...new Set(times)].sort();
}

function checkDay(date: string, courseId: number) {
  const windows = publishedWindowsFor(courseId, date);
  const slots = generateSlotTimes(date, windows, 10);
  const wallTimes = slots.map(londonTime);
  expect(wallTimes).toEqual(expectedWallTimes(windows, 10));
  expect(new Set(slots.map((slot) => slot.getTime())).size).toBe(slots.length);
  expect(slots.every((slot) => londonDate(slot) === date)).toBe(true);
  return slots;
}

describe('PUBLISHED_TEE_WINDOWS', () => {
  it('mirrors spec section 9', () => {
    expect(PUBLISHED_TEE_WINDOWS[COURSE_IDS.championship]).toEqual({
      weekday: [
        { start: '09:00', end: '12:20' },
        { start: '13:30', end: '15:50' },
      ],
      saturday: [{ start: '14:00', end: '16:50' }],
      sunday: [{ start: '11:30', end: '16:50' }],
    });
    expect(PUBLISHED_TEE_WINDOWS[COURSE_IDS.burnside]?.weekday).toEqual([
      { start: '10:00', end: '12:20' },
      { start: '14:00', end: '15:50' },
    ]);
    expect(PUBLISHED_TEE_WINDOWS[COURSE_IDS.buddonLinks]?.sunday).toEqual([{ start: '12:00', end: '17:50' }]);
  });

  it('picks the windows by UK weekday', () => {
    expect(publishedWindowsFor(COURSE_IDS.burnside, '2026-10-24')).toEqual([
      { start: '14:00', end: '17:50' },
    ]); // Sat
    expect(publishedWindowsFor(COURSE_IDS.burnside, '2026-10-25')).toEqual([
      { start: '12:00', end: '17:50' },
    ]); // Sun
    expect(publishedWindowsFor(COURSE_IDS.burnside, '2026-10-26')).toHaveLength(2); // Mon
    expect(publishedWindowsFor(3, '2026-10-26')).toEqual([]);
  });
});

describe('generateSlotTimes', () => {
  it('produces a normal weekday with both windows, inclusive ends, in BST', () => {
    const slots = checkDay('2026-07-14', COURSE_IDS.championship);
    expect(slots).toHaveLength(21 + 15);
    expect(slots[0]?.toISOString()).toBe('2026-07-14T08:00:00.000Z');
    expect(londonTime(slots[20]!)).toBe('12:20');
    expect(londonTime(slots[21]!)).toBe('13:30');
    expect(slots.at(-1)?.toISOString()).toBe('2026-07-14T14:50:00.000Z');
  });

  it('produces weekend days', () => {
    expect(checkDay('2026-07-18', COURSE_IDS.championship)).toHaveLength(18); // Saturday 14:00-16:50
    expect(checkDay('2026-07-19', COURSE_IDS.championship)).toHaveLength(33); // Sunday 11:30-16:50
    expect(checkDay('2026-07-18', COURSE_IDS.burnside)).toHaveLength(24); // Saturday 14:00-17:50
  });

  it.each([
    // 11:30 BST is 10:30 UTC: the whole day is already on summer time.
    ['forward (29 March 2026)', '2026-03-29', COURSE_IDS.championship, 33, '10:30', '15:50'],
    // 12:00 GMT is 12:00 UTC.
    ['back (25 October 2026)', '2026-10-25', COURSE_IDS.buddonLinks, 36, '12:00', '17:50'],
  ])(
    'has every wall-clock time exactly once when the clocks go %s',
    (_, date, courseId, count, firstUtc, lastUtc) => {
      for (const anyCourseId of Object.values(COURSE_IDS)) checkDay(date, anyCourseId);
      const slots = checkDay(date, courseId);
      expect(slots).toHaveLength(count);
      expect(slots[0]?.toISOString()).toBe(`${date}T${firstUtc}:00.000Z`);
      expect(slots.at(-1)?.toISOString()).toBe(`${date}T${lastUtc}:00.000Z`);
    },
  );

  it('steps on the wall clock through the night of a clock change', () => {
    const forward = generateSlotTimes('2026-03-29', [{ start: '00:00', end: '03:00' }], 30);
    // 01:00 and 01:30 do not exist that night and are left out; nothing is shifted into their place.
    expect(forward.map(londonTime)).toEqual(['00:00', '00:30', '02:00', '02:30', '03:00']);
    const back = generateSlotTimes('2026-10-25', [{ start: '00:00', end: '03:00' }], 60);
    expect(back.map(londonTime)).toEqual(['00:00', '01:00', '02:00', '03:00']);
  });

  it('merges overlapping windows without doubling a time and sorts the result', () => {
    const slots = generateSlotTimes(
      '2026-07-14',
      [
        { start: '10:00', end: '10:30' },
        { start: '09:40', end: '10:10' },
      ],
      10,
    );
    expect(slots.map(londonTime)).toEqual(['09:40', '09:50', '10:00', '10:10', '10:20', '10:30']);
  });

  it('honours the interval, a single-time window and no windows', () => {
    expect(generateSlotTimes('2026-07-14', [{ start: '09:00', end: '09:59' }], 15).map(londonTime)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
    ]);
    expect(generateSlotTimes('2026-07-14', [{ start: '09:00', end: '09:00' }], 10)).toHaveLength(1);
    expect(generateSlotTimes('2026-07-14', [], 10)).toEqual([]);
  });

  it('refuses bad input', () => {
    expect(() => generateSlotTimes('2026-02-30', [{ start: '09:00', end: '10:00' }], 10)).toThrow(RangeError);
    expect(() => generateSlotTimes('2026-07-14', [{ start: '10:00', end: '09:00' }], 10)).toThrow(RangeError);
    expect(() => generateSlotTimes('2026-07-14', [{ start: '9:00', end: '10:00' }], 10)).toThrow(RangeError);
    expect(() => generateSlotTimes('2026-07-14', [{ start: '09:00', end: '10:00' }], 0)).toThrow(RangeError);
    expect(() => generateSlotTimes('2026-07-14', [{ start: '09:00', end: '10:00' }], 2.5)).toThrow(
      RangeError,
    );
  });
});
