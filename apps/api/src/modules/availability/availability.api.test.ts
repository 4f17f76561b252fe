import { COURSE_IDS } from '@links/shared/constants';
import { availabilityResponseSchema } from '@links/shared/schemas/availability';
import { daysInMonth } from '@links/shared/uk-time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { appForAllTests } from '../../test/test-app.ts';
import {
  atInstant,
  createSeededApp,
  fillSlots,
  holdExpiring,
  insertBlock,
  prebuiltData,
  publicGet,
  wallTimes,
} from '../tee-sheet/tee-sheet-test-data.ts';

// Seeded closing dates: 31 October 2027.
const { championship, burnside, buddonLinks } = COURSE_IDS;

const t = appForAllTests(async () => {
  const app = await createSeededApp(NOW);
  // A course bookable far ahead, to reach the 24-month ceiling (set before any request fills the course cache).
  await app.database.db.update(courses).set({ closingDate: '2030-12-31' }).where(eq(courses.id, buddonLinks));
  return app;
});

async function availability(courseId: number | string, month: string) {
  return publicGet(t, `/v1/courses/${courseId}/availability?month=${month}`);
}

async function statuses(courseId: number, month: string): Promise<Record<string, string>> {
  const data = prebuiltData(await availability(courseId, month), availabilityResponseSchema);
  return Object.fromEntries(Object.entries(data).map(([date, entry]) => [date, entry.status]));
}

/** `statuses` with the app's clock at `instant`, then back at NOW. */
const statusesAt = (instant: string, courseId: number, month: string) =>
  atInstant(t, new Date(instant), NOW, () => statuses(courseId, month));

describe('GET /v1/courses/:id/availability', () => {
  it('gives every day of the month a status: past days full, bookable days good', async () => {
    const month = await statuses(championship, '2026-03');
    expect(Object.keys(month)).toEqual(daysInMonth('2026-03'));
    expect(month['2026-03-19']).toBe('full');
    expect(month['2026-03-01']).toBe('full');
    expect(month['2026-03-20']).toBe('good');
    expect(month['2026-03-21']).toBe('good');
    expect(month['2026-03-29']).toBe('good');
    expect(month['2026-03-31']).toBe('good');
  });

  it('marks a day full when every slot is taken, and low when fewer than three slots have room', async () => {
    await fillSlots(t.database.db, burnside, '2026-03-28', wallTimes('14:00', '17:50'), 4);
    await fillSlots(t.database.db, burnside, '2026-03-29', wallTimes('12:00', '17:30'), 4);
    const month = await statuses(burnside, '2026-03');
    expect(month['2026-03-28']).toBe('full');
    // 17:40 and 17:50 are still open on the clock-change Sunday.
    expect(month['2026-03-29']).toBe('low');
    expect(month['2026-03-27']).toBe('good');
  });

  it('marks a day low once fewer than a quarter of its places are free', async () => {
    const wednesday = [...wallTimes('10:00', '12:20'), ...wallTimes('14:00', '15:50')];
    await fillSlots(t.database.db, burnside, '2026-03-25', wednesday, 3);
    expect((await statuses(burnside, '2026-03'))['2026-03-25']).toBe('good');
    await fillSlots(t.database.db, burnside, '2026-03-25', ['15:50'], 1);
    expect((await statuses(burnside, '2026-03'))['2026-03-25']).toBe('low');
  });

  it('counts live holds and ignores released ones', async () => {
    const thursday = [...wallTimes('10:00', '12:20'), ...wallTimes('14:00', '15:50')];
    await fillSlots(t.database.db, burnside, '2026-03-26', thursday, 4, 'held', holdExpiring.twoMinutesAgo);
    expect((await statuses(burnside, '2026-03'))['2026-03-26']).toBe('good');
    await fillSlots(
      t.database.db,
      burnside,
      '2026-03-26',
      thursday,
      4,
      'held',
      holdExpiring.thirtySecondsAgo,
    );
    expect((await statuses(burnside, '2026-03'))['2026-03-26']).toBe('full');
  });

  it('marks a fully blocked day full', async () => {
    await insertBlock(t.database.db, {
      courseId: championship,
      date: '2026-03-24',
      from: '00:00',
      endDate: '2026-03-25',
      to: '00:00',
      reason: 'maintenance',
    });
    expect((await statuses(championship, '2026-03'))['2026-03-24']).toBe('full');
  });

  it('marks today full once its last slot has started', async () => {
    const month = await statusesAt('2026-03-20T15:50:00Z', championship, '2026-03');
    expect(month['2026-03-20']).toBe('full');
    expect(month['2026-03-21']).toBe('good');
    // At 15:35 only 15:40 and 15:50 are left: low.
    expect((await statusesAt('2026-03-20T15:35:00Z', championship, '2026-03'))['2026-03-20']).toBe('low');
  });

  it('handles a month whose only bookable day is today, and a month starting on a clock change', async () => {
    const month = await statusesAt('2026-03-31T08:00:00Z', buddonLinks, '2026-03');
    expect(month['2026-03-31']).toBe('good');
    expect(month['2026-03-30']).toBe('full');
    expect(Object.values(month).filter((status) => status !== 'full')).toHaveLength(1);
    // October 2026 ends on the day after the clocks go back: every day still lands on its own date.
    const october = await statuses(buddonLinks, '2026-10');
    expect(Object.keys(october)).toHaveLength(31);
    expect(new Set(Object.values(october))).toEqual(new Set(['good']));
  });

  it('answers last month (all full) and the closing month, whose last day is bookable', async () => {
    const february = await statuses(championship, '2026-02');
    expect(Object.keys(february)).toHaveLength(28);
    expect(new Set(Object.values(february))).toEqual(new Set(['full']));
    const closing = await statuses(championship, '2027-10');
    expect(closing['2027-10-31']).toBe('good');
  });

  it('answers with no-store, as the calendar refetches on mount', async () => {
    expect((await availability(championship, '2026-04')).headers['cache-control']).toBe('no-store');
  });
});

describe('GET /v1/courses/:id/availability: bad input', () => {
  it.each([
    ['an impossible month', '2026-13'],
    ['a malformed month', '03-2026'],
    ['a date instead of a month', '2026-03-01'],
    ['an empty month', ''],
  ])('refuses %s with 400', async (_label, month) => {
    const response = await availability(championship, month);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('month');
  });

  it('refuses months before last month and after the closing month', async () => {
    const tooEarly = await availability(championship, '2026-01');
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().error).toMatchObject({
      code: 'month_out_of_range',
      message: 'Availability is only shown from last month onwards.',
    });
    const afterClosing = await availability(championship, '2027-11');
    expect(afterClosing.statusCode).toBe(400);
    expect(afterClosing.json().error.message).toBe(
      'Championship Course can be booked up to Sunday 31st October 2027.',
    );
  });

  it('refuses months more than 24 months ahead even when the course closes later', async () => {
    expect((await availability(buddonLinks, '2028-03')).statusCode).toBe(200);
    expect((await availability(buddonLinks, '2028-04')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown course and 400 for a malformed course id', async () => {
    expect((await availability(3, '2026-04')).statusCode).toBe(404);
    expect((await availability('0', '2026-04')).statusCode).toBe(400);
    expect((await availability('1.5', '2026-04')).statusCode).toBe(400);
  });
});
