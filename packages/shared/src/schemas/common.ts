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

/** A list's optional `status` filter: one of the list's statuses, or none for all of them. */
export function statusFilterSchema<const Statuses extends readonly [string, ...string[]]>(
  statuses: Statuses,
) {
  return z.enum(statuses, { error: 'Please choose a known status' }).optional();
}

/**
 * A list's query with optional `from` and `to` UK days (either end may stay open), refused when the last day comes
 * before the first.
 */
export function withDaysInOrder<
  Query extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>,
>(query: Query) {
  return query.refine((days) => !days.from || !days.to || days.from <= days.to, {
    error: 'The last day must not be before the first',
    path: ['to'],
  });
}

/** The largest id the database holds (PostgreSQL integer): a larger one is refused, not sent to a failing query. */
export const MAX_ID = 2_147_483_647;

/** A positive whole number in a JSON body. */
export function positiveIdSchema(field: string) {
  return positiveWholeNumberSchema(positiveWholeNumberMessage(field));
}

/** A whole number from 1 to `max` in a JSON body (by default an id the database can hold), refused with one message. */
export function positiveWholeNumberSchema(error: string, max = MAX_ID) {
  return z.number({ error }).int({ error }).positive({ error }).max(max, { error });
}

/** An id in a path, coerced from text (a positive whole number the database can hold), refused with one message. */
export function coercedIdSchema(error: string) {
  return z.coerce.number({ error }).int({ error }).positive({ error }).max(MAX_ID, { error });
}

/** A whole number from `min` to `max` in a JSON body (a count, a percentage, pence), refused with one message. */
export function wholeNumberSchema(min: number, max: number, error: string) {
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** Text that must be given: trimmed, not empty and at most `max` characters (`tooLong` when the form has its own). */
export function requiredTextSchema(max: number, error: string, tooLong = error) {
  return z.string({ error }).trim().min(1, { error }).max(max, { error: tooLong });
}

/** An e-mail address of at most 254 characters, trimmed (`tooLong` when the form has its own message for length). */
export function emailAddressSchema(error: string, tooLong = error) {
  return z.string({ error }).trim().max(254, { error: tooLong }).pipe(z.email({ error }));
}

/** ISO 3166-1 alpha-2, upper case (the country pickers' values). */
export function countryCodeSchema(error: string) {
  return z
    .string({ error })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error });
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
