import { z } from 'zod';

// The fields the API's answers are built of (requests carry their forms' messages instead: see common.ts). One
// definition per kind of value says what each field holds and keeps the OpenAPI document the same for all of them.

/** Money in integer pence, never negative. */
export const pence = z.number().int().nonnegative();

/** How many of something (golfers, attempts, bookings): a whole number from 0. */
export const count = z.number().int().nonnegative();

/** A whole number from 1: a row's id, a page number, a golfer's position, an amount that is never 0. */
export const positiveInt = z.number().int().positive();

/** An instant, ISO 8601 UTC. */
export const instant = z.iso.datetime();

/** One page of a paged list: the list under its own name, then `total` items in all and `page_size` to a page. */
export function pageOf<List extends Record<string, z.ZodArray<z.ZodType>>>(list: List) {
  return z.object({ ...list, total: count, page: positiveInt, page_size: positiveInt });
}
