import { z } from 'zod';
import { count, instant, pence, positiveInt } from './answer-fields';
import { coercedIdSchema, requiredTextSchema, wholeNumberSchema } from './common';
import { dataEnvelope } from './envelope';
import { namedSchema } from './staff-fields';

// Prices in the staff area (issue 23): the green fee of every course, player type and season, changed one at a time
// by an admin (audited, so every price keeps its history), and a preview of what a visitor pays, by the same shared
// pricing code as the public flow. A change applies to bookings priced after it; a booking keeps the price it was
// made at.

/** The highest green fee staff can set (£2,000): a typo of a few zeros is refused, not charged. */
export const MAX_GREEN_FEE_PENCE = 200_000;

export const PRICE_MESSAGES = {
  price: 'Please enter a price from £0.00 to £2,000.00, in pounds and pence.',
  unknown: 'Please choose a course, player type and season from the lists.',
} as const;

/** A green fee, combination price or caddie fee staff set, in pence (VAT inclusive). */
const feePence = wholeNumberSchema(0, MAX_GREEN_FEE_PENCE, PRICE_MESSAGES.price);

const id = z.number({ error: PRICE_MESSAGES.unknown }).int({ error: PRICE_MESSAGES.unknown }).positive({
  error: PRICE_MESSAGES.unknown,
});

export const greenFeeChangeSchema = z.object({
  course_id: id,
  player_type_id: id,
  season_id: id,
  /** Pence, VAT inclusive. */
  price: feePence,
});
export type GreenFeeChange = z.infer<typeof greenFeeChangeSchema>;

export const SEASON_MESSAGES = {
  name: 'Please enter a season name of up to 60 characters.',
  date: 'Please enter a date.',
  order: 'The last day must not be before the first.',
  closing: 'Please enter a closing date from today to three years ahead.',
} as const;

const day = z.iso.date({ error: SEASON_MESSAGES.date });

/** The first and last day (inclusive) of a new season or caddie fee. */
const newDays = { start_date: day, end_date: day };

/** A new season or caddie fee, refused when its last day comes before its first. */
function withRangeInOrder<Days extends z.ZodType<{ start_date: string; end_date: string }>>(days: Days) {
  return days.refine((range) => range.start_date <= range.end_date, {
    error: SEASON_MESSAGES.order,
    path: ['end_date'],
  });
}

export const newSeasonSchema = withRangeInOrder(
  z.object({
    name: requiredTextSchema(60, SEASON_MESSAGES.name),
    ...newDays,
    /** The season whose green fees the new one starts with; null for none (each fee then set one by one). */
    copy_fees_from: id.nullable(),
  }),
);
export type NewSeason = z.infer<typeof newSeasonSchema>;

/** A caddie fee for a range of days (per caddie per round, paid in cash on the day). */
export const newCaddieRangeSchema = withRangeInOrder(z.object({ ...newDays, price: feePence }));
export type NewCaddieRange = z.infer<typeof newCaddieRangeSchema>;
export const caddieRangeChangeSchema = z.object({ price: feePence });
export const caddieRangeParamsSchema = z.object({
  id: coercedIdSchema('The range id must be a whole number'),
});

export const packageParamsSchema = z.object({
  id: coercedIdSchema('The combination id must be a whole number'),
});

/** One combination package's price for a player type (pence, VAT inclusive), for bookings made from now on. */
export const packagePriceChangeSchema = z.object({
  package_id: id,
  player_type_id: id,
  price: feePence,
});
export type PackagePriceChange = z.infer<typeof packagePriceChangeSchema>;

export const PACKAGE_MESSAGES = {
  name: 'Please enter a name of up to 60 characters.',
  courses: 'Please choose two or three different courses.',
  monthDay: 'Please enter a day and month that exist, as dd/mm (for example 01/04).',
} as const;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'MM-dd' of a day every year has (29 February counts: the rule reads the day and month of each round). */
export function isMonthDay(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
}

const monthDay = z.string({ error: PACKAGE_MESSAGES.monthDay }).refine(isMonthDay, PACKAGE_MESSAGES.monthDay);

/**
 * POST /v1/staff/packages and PUT /v1/staff/packages/:id: a combination's name, its courses (played within seven days,
 * one round each) and the days of the year it applies on (MM-dd, inclusive; 11-01 to 02-28 runs over the new year).
 * Its prices per player type are set one at a time (packagePriceChangeSchema).
 */
export const packageDetailsSchema = z.object({
  name: requiredTextSchema(60, PACKAGE_MESSAGES.name),
  course_ids: z
    .array(id, { error: PACKAGE_MESSAGES.courses })
    .min(2, PACKAGE_MESSAGES.courses)
    .max(3, PACKAGE_MESSAGES.courses)
    .refine((ids) => new Set(ids).size === ids.length, PACKAGE_MESSAGES.courses)
    .transform((ids) => [...ids].sort((a, b) => a - b)),
  valid_from: monthDay,
  valid_to: monthDay,
});
export type PackageDetails = z.output<typeof packageDetailsSchema>;
export type PackageDetailsInput = z.input<typeof packageDetailsSchema>;

export const closingDateChangeSchema = z.object({
  course_id: id,
  closing_date: z.iso.date({ error: SEASON_MESSAGES.closing }),
});
export type ClosingDateChange = z.infer<typeof closingDateChangeSchema>;

/** Which green fee: a course's for a player type in a season (a listed fee and a change to it name it alike). */
const greenFeeKey = { course_id: positiveInt, player_type_id: positiveInt, season_id: positiveInt };

/** A season's or caddie fee's first and last day (inclusive), as listed and as a change to a caddie fee names them. */
const days = { start_date: z.iso.date(), end_date: z.iso.date() };

const priceChangeFields = {
  /** The audit entry that records it. */
  id: positiveInt,
  at: instant,
  by: z.string(),
  before: pence.nullable(),
  after: pence,
};

export const staffPricesSchema = z.object({
  /** Each course with the last day the public may book it. */
  courses: z.array(namedSchema.extend({ closing_date: z.iso.date() })),
  player_types: z.array(namedSchema),
  seasons: z.array(namedSchema.extend(days)),
  /** Combination packages: their courses, the months they apply in (MM-dd) and a price per player type. */
  packages: z.array(
    z.object({
      id: positiveInt,
      name: z.string(),
      course_ids: z.array(positiveInt),
      valid_from: z.string(),
      valid_to: z.string(),
      prices: z.array(z.object({ player_type_id: positiveInt, price: z.number().int() })),
    }),
  ),
  caddie_ranges: z.array(
    z.object({
      id: positiveInt,
      ...days,
      price: pence,
    }),
  ),
  green_fees: z.array(z.object({ ...greenFeeKey, price: pence })),
  /**
   * The latest price changes, newest first: who, when, which price (a green fee, a combination's price for a player
   * type or a caddie fee), from and to. The audit log keeps every one; this is the prices page's view of it.
   */
  history: z.array(
    z.discriminatedUnion('kind', [
      z.object({
        ...priceChangeFields,
        kind: z.literal('green_fee'),
        ...greenFeeKey,
      }),
      z.object({
        ...priceChangeFields,
        kind: z.literal('package'),
        package_id: positiveInt,
        player_type_id: positiveInt,
      }),
      z.object({
        ...priceChangeFields,
        kind: z.literal('caddie'),
        ...days,
      }),
    ]),
  ),
});
export type StaffPrices = z.infer<typeof staffPricesSchema>;
export type PriceChange = StaffPrices['history'][number];
export const staffPricesResponseSchema = dataEnvelope(staffPricesSchema);
export const closingDateAnswerSchema = z.object({
  prices: staffPricesSchema,
  /** Confirmed or held bookings with a round on the course after the new closing date: they keep their tee times. */
  bookings_after: count,
});
export type ClosingDateAnswer = z.infer<typeof closingDateAnswerSchema>;

export const closingDateAnswerResponseSchema = dataEnvelope(closingDateAnswerSchema);
