import { z } from 'zod';
import { daysBetween, isValidDateString } from '../uk-time';
import { dateStringSchema } from './common';
import { dataEnvelope } from './envelope';

// The resort's reports (issue 23): what was booked and earned, how full the courses are, how far ahead people book,
// who plays, through whom, which tickets and who did not come. One answer per period, every figure from confirmed
// bookings' own rows, so the charts, their tables and the CSV files agree.

export const REPORT_GRAINS = ['day', 'week', 'month'] as const;
export type ReportGrain = (typeof REPORT_GRAINS)[number];
/** The longest period one report covers: a year and a day, so a whole season (or last year's) fits. */
export const MAX_REPORT_DAYS = 366;

export const REPORT_MESSAGES = {
  order: 'The last day must not be before the first',
  tooLong: `A report covers at most ${MAX_REPORT_DAYS} days`,
  grain: 'Please choose day, week or month',
} as const;

export const reportQuerySchema = z
  .object({
    from: dateStringSchema('from'),
    to: dateStringSchema('to'),
    grain: z.enum(REPORT_GRAINS, { error: REPORT_MESSAGES.grain }).default('week'),
  })
  .refine((query) => query.from <= query.to, { error: REPORT_MESSAGES.order, path: ['to'] })
  .refine(
    (query) =>
      // Only two real dates in order have a length to check (the refinements run even after a field failed).
      !isValidDateString(query.from) ||
      !isValidDateString(query.to) ||
      query.from > query.to ||
      daysBetween(query.from, query.to) < MAX_REPORT_DAYS,
    {
      error: REPORT_MESSAGES.tooLong,
      path: ['to'],
    },
  );
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Lead time buckets, from booking to the first round, in UK days. */
export const LEAD_TIME_BUCKETS = [
  'Same day',
  '1 to 7 days',
  '8 to 30 days',
  '31 to 90 days',
  'Over 90 days',
] as const;

const count = z.number().int().nonnegative();
const pence = z.number().int();

export const staffReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  grain: z.enum(REPORT_GRAINS),
  /**
   * Per period (its first day: the day, the Monday, the 1st) and course, by the day of play: rounds booked, golfers
   * and revenue (each golfer's ticket price shared equally by the courses it covers; a combination's price split).
   */
  sales: z.array(
    z.object({ period: z.string(), course: z.string(), rounds: count, golfers: count, revenue: pence }),
  ),
  /** Per course, weekday (1 Monday .. 7 Sunday) and hour of the tee time: golfers booked and places there were. */
  utilisation: z.array(
    z.object({
      course: z.string(),
      weekday: z.number().int().min(1).max(7),
      hour: z.number().int().min(0).max(23),
      booked: count,
      capacity: count,
    }),
  ),
  /** Bookings by how long before the first round they were confirmed. */
  lead_time: z.array(z.object({ bucket: z.enum(LEAD_TIME_BUCKETS), bookings: count })),
  /** Golfer places by player type. */
  player_types: z.array(z.object({ player_type: z.string(), golfers: count })),
  /** Bookings and revenue by who booked: visitors (and the desk for callers) or each tour operator. */
  channels: z.array(z.object({ channel: z.string(), bookings: count, revenue: pence })),
  /** Golfers by ticket: each course's own fee, or a combination package. */
  tickets: z.array(z.object({ ticket: z.string(), combination: z.boolean(), golfers: count })),
  /** Per course: golfers the starter marked arrived or not come, of the rounds already played. */
  no_shows: z.array(z.object({ course: z.string(), expected: count, arrived: count, no_show: count })),
});
export type StaffReport = z.infer<typeof staffReportSchema>;
export const staffReportResponseSchema = dataEnvelope(staffReportSchema);
