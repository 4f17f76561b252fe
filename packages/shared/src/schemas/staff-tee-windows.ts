import { z } from 'zod';
import { isValidDateString, isValidTimeString } from '../uk-time';
import { positiveWholeNumberSchema, wholeNumberSchema } from './common';
import { dataEnvelope } from './envelope';
import { blockedBookingSchema } from './staff-blocks';
import { namedSchema } from './staff-fields';

// Tee windows in the staff area (issue 23). A course's tee times are made from windows per weekday (the first and
// the last tee time of each, inclusive) at the course's interval. Standing windows apply all year; an adjustment is
// a set of windows for a date range (darkness in winter, an event) that replaces the standing ones on its dates.
// A change is previewed first: the tee times it adds and takes out of sale, a day's times before and after, and
// the bookings it would leave outside every window, which keep their tee times and are listed for staff to move.

export const TEE_WINDOW_MESSAGES = {
  course: 'Please choose a course.',
  weekdays: 'Please choose at least one day of the week.',
  time: 'Please enter a time as HH:mm.',
  order: 'The last tee time must not be before the first.',
  overlap: 'The windows of one day must not overlap.',
  tooMany: 'A day can have at most six windows.',
  interval: 'Please enter an interval from 5 to 60 minutes.',
  date: 'Please enter a date.',
  bothDates: 'An adjustment needs its first and its last day; leave both empty for the standing windows.',
  dateOrder: 'The last day must not be before the first.',
  past: 'An adjustment must end today or later.',
  sample: 'Please enter a date to show, or leave it empty.',
} as const;

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const time = z
  .string({ error: TEE_WINDOW_MESSAGES.time })
  .refine(isValidTimeString, TEE_WINDOW_MESSAGES.time);
const optionalDate = z
  .string({ error: TEE_WINDOW_MESSAGES.date })
  .refine((value) => value === '' || isValidDateString(value), TEE_WINDOW_MESSAGES.date)
  .nullable()
  .transform((value) => (value ? value : null));

export const teeWindowSchema = z
  .object({ start: time, end: time })
  .refine((window) => window.start <= window.end, { error: TEE_WINDOW_MESSAGES.order, path: ['end'] });
export type StaffTeeWindow = z.infer<typeof teeWindowSchema>;

/**
 * PUT /v1/staff/tee-windows (and its preview): the windows of some weekdays of one course, standing (no dates) or
 * for a date range; they replace exactly the windows those weekdays had for the same dates. No windows means no tee
 * times on those days (standing) or removes the adjustment. The course's interval is part of every change.
 */
export const teeWindowChangeSchema = z
  .object({
    course_id: positiveWholeNumberSchema(TEE_WINDOW_MESSAGES.course),
    weekdays: z
      .array(z.number({ error: TEE_WINDOW_MESSAGES.weekdays }).int().min(0).max(6), {
        error: TEE_WINDOW_MESSAGES.weekdays,
      })
      .min(1, TEE_WINDOW_MESSAGES.weekdays)
      .max(7, TEE_WINDOW_MESSAGES.weekdays)
      .transform((days) => [...new Set(days)].sort()),
    valid_from: optionalDate,
    valid_to: optionalDate,
    windows: z.array(teeWindowSchema).max(6, TEE_WINDOW_MESSAGES.tooMany),
    interval_minutes: wholeNumberSchema(5, 60, TEE_WINDOW_MESSAGES.interval),
    /** The day whose tee times the preview shows before and after; defaults to the first day the change touches. */
    sample_date: optionalDate.optional(),
  })
  .superRefine((change, context) => {
    if ((change.valid_from === null) !== (change.valid_to === null)) {
      context.addIssue({
        code: 'custom',
        message: TEE_WINDOW_MESSAGES.bothDates,
        path: [change.valid_from === null ? 'valid_from' : 'valid_to'],
      });
    }
    if (change.valid_from && change.valid_to && change.valid_to < change.valid_from) {
      context.addIssue({ code: 'custom', message: TEE_WINDOW_MESSAGES.dateOrder, path: ['valid_to'] });
    }
    const sorted = [...change.windows].sort((a, b) => a.start.localeCompare(b.start));
    for (let index = 1; index < sorted.length; index += 1) {
      if (minutesOf(sorted[index]!.start) <= minutesOf(sorted[index - 1]!.end)) {
        context.addIssue({ code: 'custom', message: TEE_WINDOW_MESSAGES.overlap, path: ['windows'] });
        break;
      }
    }
  });
export type TeeWindowChange = z.output<typeof teeWindowChangeSchema>;
export type TeeWindowChangeInput = z.input<typeof teeWindowChangeSchema>;

export const teeWindowRuleSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  valid_from: z.iso.date().nullable(),
  valid_to: z.iso.date().nullable(),
  windows: z.array(teeWindowSchema),
});
export type TeeWindowRule = z.infer<typeof teeWindowRuleSchema>;

export const staffTeeWindowsSchema = z.object({
  courses: z.array(
    namedSchema.extend({
      interval_minutes: z.number().int(),
      closing_date: z.iso.date(),
      /** Standing rules first (weekday order), then adjustments by first day; one rule per weekday and dates. */
      rules: z.array(teeWindowRuleSchema),
      /** Bookings and live holds on a tee time outside every window (left by an earlier change), to be moved. */
      outside: z.array(blockedBookingSchema),
    }),
  ),
});
export type StaffTeeWindows = z.infer<typeof staffTeeWindowsSchema>;
export const staffTeeWindowsResponseSchema = dataEnvelope(staffTeeWindowsSchema);

export const teeWindowPreviewSchema = z.object({
  /** The first and last day the change reaches (today at the earliest, the closing date at the latest). */
  first_day: z.iso.date().nullable(),
  last_day: z.iso.date().nullable(),
  /** Tee times the change puts on sale, and those it takes out of sale (not yet started). */
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  sample: z.object({
    date: z.iso.date(),
    /** UK wall-clock times, HH:mm. */
    before: z.array(z.string()),
    after: z.array(z.string()),
  }),
  /** Bookings and live holds the change leaves outside every window: they keep their tee times. */
  conflicts: z.array(blockedBookingSchema),
});
export type TeeWindowPreview = z.infer<typeof teeWindowPreviewSchema>;
export const teeWindowPreviewResponseSchema = dataEnvelope(teeWindowPreviewSchema);

export const teeWindowChangeAnswerSchema = z.object({
  applied: teeWindowPreviewSchema,
  tee_windows: staffTeeWindowsSchema,
});
export type TeeWindowChangeAnswer = z.infer<typeof teeWindowChangeAnswerSchema>;
export const teeWindowChangeAnswerResponseSchema = dataEnvelope(teeWindowChangeAnswerSchema);
