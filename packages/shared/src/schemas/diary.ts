import { z } from 'zod';
import { DIARY_SLOT_TYPE } from '../constants';
import type { DiarySlot } from '../slot-state';
import { dateStringSchema, positiveIdTextSchema } from './common';
import { dataEnvelope } from './envelope';

const slotTypeError = `slot_type must be ${DIARY_SLOT_TYPE}`;
const filterTodayError = 'filter_today must be 0 or 1';

/** GET /v1/courses/{id}/diary query string. Values arrive as text and leave as numbers. */
export const diaryQuerySchema = z.object({
  start_date: dateStringSchema('start_date'),
  slot_type: z
    .literal(String(DIARY_SLOT_TYPE), { error: slotTypeError })
    .default(String(DIARY_SLOT_TYPE))
    .transform(() => DIARY_SLOT_TYPE),
  filter_today: z
    .enum(['0', '1'], { error: filterTodayError })
    .default('0')
    .transform((value): 0 | 1 => (value === '1' ? 1 : 0)),
  current_booking_id: positiveIdTextSchema('current_booking_id').optional(),
});
export type DiaryQuery = z.infer<typeof diaryQuerySchema>;
export type DiaryQueryInput = z.input<typeof diaryQuerySchema>;

export const slotBookingSchema = z.object({
  booking_id: z.number().int().positive(),
  players: z.number().int().positive(),
});

export const diarySlotSchema = z.object({
  id: z.number().int().positive(),
  /** ISO 8601 instant in UTC, e.g. '2026-07-14T08:10:00.000Z'. */
  slot_date_time: z.iso.datetime(),
  bookings: z.array(slotBookingSchema),
}) satisfies z.ZodType<DiarySlot>;

export const diaryResponseSchema = dataEnvelope(z.array(diarySlotSchema));
