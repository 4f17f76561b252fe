import { z } from 'zod';
import { endOfLondonDay } from '../payment-terms';
import { addDays, londonDate } from '../uk-time';
import { BOOKING_NUMBER_PATTERN } from './confirmation-messages';
import { dataEnvelope } from './envelope';

// Golfers' names by a deadline (issue 24 point 4): a tour operator names each golfer of a booking until the end of
// the UK day NAMES_DEADLINE_DAYS (default 14) before the first round; the booking page says which are missing, a
// reminder goes a week before the deadline, and the staff tee sheet shows them.

export const GOLFER_NAME_MAX_LENGTH = 100;

export const GOLFER_NAMES_MESSAGES = {
  tooLong: `A name is at most ${GOLFER_NAME_MAX_LENGTH} characters`,
  unknownGolfer: 'This booking has no such golfer.',
  locked: (deadline: string) =>
    `Golfers' names could be changed until ${deadline}. Please call our reservations team to change them now.`,
  notOperator: "Only a tour operator's booking takes golfers' names here.",
  cancelled: 'This booking has been cancelled, so its names can no longer be changed.',
  saved: "The golfers' names have been saved.",
} as const;

export const golferNamesBodySchema = z.object({
  booking_id: z
    .string({ error: 'The booking number does not match the address.' })
    .regex(BOOKING_NUMBER_PATTERN, { error: 'The booking number does not match the address.' }),
  golfers: z
    .array(
      z.object({
        id: z.number({ error: 'Each golfer id must be a whole number' }).int().min(1).max(16),
        name: z
          .string({ error: GOLFER_NAMES_MESSAGES.tooLong })
          .trim()
          .max(GOLFER_NAME_MAX_LENGTH, { error: GOLFER_NAMES_MESSAGES.tooLong })
          .refine(
            (name) => ![...name].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127),
            {
              error: 'A name cannot contain control characters',
            },
          ),
      }),
    )
    .min(1, { error: 'Please give at least one name' })
    .max(16)
    .refine((golfers) => new Set(golfers.map((golfer) => golfer.id)).size === golfers.length, {
      error: 'Each golfer may appear only once',
    }),
});
export type GolferNamesBody = z.infer<typeof golferNamesBodySchema>;

/** What the booking page shows about names: by when, whether they can still be changed, how many are missing. */
export const golferNamesStateSchema = z.object({
  deadline: z.iso.datetime(),
  editable: z.boolean(),
  missing: z.number().int().nonnegative(),
});
export type GolferNamesState = z.infer<typeof golferNamesStateSchema>;

export const golferNamesResponseSchema = dataEnvelope(z.object({ saved: z.number().int().nonnegative() }));

/** The end of the UK day `days` before the first round: until then the operator may change the names. */
export function golferNamesDeadline(firstTeeTime: Date, days: number): Date {
  return endOfLondonDay(addDays(londonDate(firstTeeTime), -days));
}
