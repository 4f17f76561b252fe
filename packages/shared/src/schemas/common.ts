import { z } from 'zod';
import { positiveWholeNumberMessage, realDateMessage, realMonthMessage } from '../messages';
import { isValidDateString, isValidMonthString } from '../uk-time';

/** A real UK calendar date, yyyy-MM-dd (rejects 2026-02-30 as well as bad formats). */
export function dateStringSchema(field: string) {
  const error = realDateMessage(field);
  return z.string({ error }).refine(isValidDateString, { error });
}

/** A real month, yyyy-MM (rejects 2026-13). */
export function monthStringSchema(field: string) {
  const error = realMonthMessage(field);
  return z.string({ error }).refine(isValidMonthString, { error });
}

/** The largest id the database holds (PostgreSQL integer): a larger one is refused, not sent to a failing query. */
export const MAX_ID = 2_147_483_647;

/** A positive whole number in a JSON body. */
export function positiveIdSchema(field: string) {
  const error = positiveWholeNumberMessage(field);
  return z.number({ error }).int({ error }).positive({ error }).max(MAX_ID, { error });
}

/**
 * A positive whole number arriving as text (path parameter or query string). Digits only, so '1e3', '0x10',
 * ' 7' and '' are refused instead of being coerced into something the caller did not mean.
 */
export function positiveIdTextSchema(field: string) {
  const error = positiveWholeNumberMessage(field);
  return z
    .string({ error })
    .regex(/^[1-9]\d{0,9}$/, { error })
    .transform(Number)
    .refine((id) => id <= MAX_ID, { error });
}

export const courseParamsSchema = z.object({ id: positiveIdTextSchema('The course id') });
export type CourseParams = z.infer<typeof courseParamsSchema>;
