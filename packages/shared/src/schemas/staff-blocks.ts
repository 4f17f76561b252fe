import { z } from 'zod';
import { addDays, daysBetween, isValidDateString, isValidTimeString, londonWallTimeToUtc } from '../uk-time';
import { MAX_ID, positiveIdTextSchema } from './common';
import { dataEnvelope } from './envelope';
import { TEE_SHEET_BLOCK_REASONS, TEE_SHEET_BOOKING_STATES } from './staff-tee-sheet';

// Blocks (issue 22): staff take tee times out of sale for a competition, maintenance or darkness. A block covers the
// tee times starting in [from, until) on one course, given as UK dates and wall-clock times as staff think of them.
// Bookings and live holds inside keep their places: the preview lists them, and blocking over them needs `confirm`.

export const BLOCK_MESSAGES = {
  course: 'Please choose a course',
  fromDate: 'Please enter the first day',
  fromTime: 'Please enter a time as HH:mm, or leave it empty for the start of the day',
  untilDate: 'Please enter the last day',
  untilTime: 'Please enter a time as HH:mm, or leave it empty for the end of the day',
  order: 'The block must end after it starts',
  tooLong: 'A block can cover at most 400 days',
  noSuchTime: 'That time does not exist on that day (the clocks go forward)',
  reason: 'Please choose a reason',
  note: 'Please keep the note under 200 characters',
  hasBookings:
    'Bookings or holds are inside this period. Check them, then block anyway or choose another period.',
} as const;

const MAX_BLOCK_DAYS = 400;

const optionalTime = (error: string) =>
  z
    .string({ error })
    .trim()
    .refine((time) => time === '' || isValidTimeString(time), { error })
    .optional()
    .transform((time) => (time ? time : undefined));

const blockFields = {
  course_id: z
    .number({ error: BLOCK_MESSAGES.course })
    .int(BLOCK_MESSAGES.course)
    .positive(BLOCK_MESSAGES.course)
    .max(MAX_ID, BLOCK_MESSAGES.course),
  from_date: z.string({ error: BLOCK_MESSAGES.fromDate }).refine(isValidDateString, BLOCK_MESSAGES.fromDate),
  from_time: optionalTime(BLOCK_MESSAGES.fromTime),
  until_date: z
    .string({ error: BLOCK_MESSAGES.untilDate })
    .refine(isValidDateString, BLOCK_MESSAGES.untilDate),
  until_time: optionalTime(BLOCK_MESSAGES.untilTime),
  reason: z.enum(TEE_SHEET_BLOCK_REASONS, { error: BLOCK_MESSAGES.reason }),
  note: z
    .string({ error: BLOCK_MESSAGES.note })
    .trim()
    .max(200, BLOCK_MESSAGES.note)
    .optional()
    .transform((note) => (note ? note : null)),
};

type BlockFields = z.output<z.ZodObject<typeof blockFields>>;

export type BlockPeriod = {
  course_id: number;
  starts_at: Date;
  ends_at: Date;
  reason: (typeof TEE_SHEET_BLOCK_REASONS)[number];
  note: string | null;
};

/** The instants of a period given in UK dates and times; either time may be left out (start, end of the day). */
function toPeriod(body: BlockFields, context: z.RefinementCtx): BlockPeriod | null {
  let startsAt: Date;
  let endsAt: Date;
  try {
    startsAt = londonWallTimeToUtc(body.from_date, body.from_time ?? '00:00');
    endsAt = body.until_time
      ? londonWallTimeToUtc(body.until_date, body.until_time)
      : londonWallTimeToUtc(addDays(body.until_date, 1), '00:00');
  } catch {
    context.addIssue({ code: 'custom', message: BLOCK_MESSAGES.noSuchTime, path: ['from_time'] });
    return null;
  }
  if (endsAt <= startsAt) {
    context.addIssue({ code: 'custom', message: BLOCK_MESSAGES.order, path: ['until_date'] });
    return null;
  }
  if (daysBetween(body.from_date, body.until_date) > MAX_BLOCK_DAYS) {
    context.addIssue({ code: 'custom', message: BLOCK_MESSAGES.tooLong, path: ['until_date'] });
    return null;
  }
  return {
    course_id: body.course_id,
    starts_at: startsAt,
    ends_at: endsAt,
    reason: body.reason,
    note: body.note,
  };
}

/** POST /v1/staff/blocks/preview: the period to look at. */
export const blockPeriodSchema = z
  .object(blockFields)
  .transform((body, context): BlockPeriod => toPeriod(body, context) ?? z.NEVER);
export type BlockPeriodInput = z.input<typeof blockPeriodSchema>;

/** POST /v1/staff/blocks: the period, and `confirm: true` to block over the bookings or holds the preview listed. */
export const createBlockRequestSchema = z
  .object({ ...blockFields, confirm: z.boolean({ error: 'confirm must be true or false' }).optional() })
  .transform((body, context): BlockPeriod & { confirm: boolean } => {
    const period = toPeriod(body, context);
    return period ? { ...period, confirm: body.confirm === true } : z.NEVER;
  });
export type CreateBlockInput = z.input<typeof createBlockRequestSchema>;

export const blockSchema = z.object({
  id: z.number().int().positive(),
  course_id: z.number().int().positive(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  reason: z.enum(TEE_SHEET_BLOCK_REASONS),
  note: z.string().nullable(),
});
export type Block = z.infer<typeof blockSchema>;

/** A booking or hold with a round inside a period: it keeps its places; staff decide what happens to it. */
export const blockedBookingSchema = z.object({
  booking_number: z.string(),
  state: z.enum(TEE_SHEET_BOOKING_STATES),
  lead_name: z.string(),
  starts_at: z.iso.datetime(),
  players: z.number().int().positive(),
});
export type BlockedBooking = z.infer<typeof blockedBookingSchema>;

export const blockPreviewSchema = z.object({
  /** Tee times in the period that are not already blocked. */
  tee_times: z.number().int().nonnegative(),
  bookings: z.array(blockedBookingSchema),
});
export type BlockPreview = z.infer<typeof blockPreviewSchema>;
export const blockPreviewResponseSchema = dataEnvelope(blockPreviewSchema);

export const createdBlockSchema = z.object({ block: blockSchema, bookings: z.array(blockedBookingSchema) });
export type CreatedBlock = z.infer<typeof createdBlockSchema>;
export const createdBlockResponseSchema = dataEnvelope(createdBlockSchema);
export const blockResponseSchema = dataEnvelope(blockSchema);

export const blockIdParamsSchema = z.object({ id: positiveIdTextSchema('The block id') });
