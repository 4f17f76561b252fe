import { z } from 'zod';
import { count, instant, pence, positiveInt } from './answer-fields';
import { requiredTextSchema, wholeNumberSchema } from './common';
import {
  BOOKING_NUMBER_MAX_LENGTH,
  BOOKING_NUMBER_PATTERN,
  CONFIRMATION_MESSAGES,
} from './confirmation-messages';
import { dataEnvelope } from './envelope';
import { golferNamesStateSchema } from './golfer-names';

export * from './confirmation-messages';

// The confirmation page's contract (spec sections 2, 4, 5, 7 and 8):
// - GET  /v1/bookings/{booking_number}/confirmation?signature=&expires=  signed fetch (the e-mailed link)
// - GET  /v1/bookings/{booking_number}/confirmation                      session fetch
// - POST /v1/bookings/{booking_number}/confirmation   { booking_id, pin } PIN access
// - PATCH /v1/bookings/{booking_number}/caddies       { booking_id, courses: [{ id, caddies }] }
// - GET  /v1/bookings/{booking_number}/calendar.ics   (signature query or session) the calendar file
// Each successful answer is `{ data: Confirmation }` (the .ics is text/calendar). Money is integer pence; instants
// are ISO 8601 UTC strings.

export const CONFIRMATION_STATUSES = ['confirmed', 'held', 'cancelled', 'expired'] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/** How the booking is paid: 'card' for a visitor's card payment; the operator terms otherwise. */
/**
 * Why a booking was cancelled, as the page explains it: 'unpaid' by the payment-schedule job (a deposit or balance
 * not paid by its deadline), 'places_gone' (paid after its hold lapsed and its tee times were taken: refunded), and
 * 'other' for any other reason (the resort's staff, say).
 */
export const CANCELLATION_REASONS = ['unpaid', 'places_gone', 'other'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const CONFIRMATION_PAYMENT_METHODS = ['card', 'online', 'deposit', 'offline'] as const;
export type ConfirmationPaymentMethod = (typeof CONFIRMATION_PAYMENT_METHODS)[number];

export const confirmationTotalsSchema = z.object({
  net: pence,
  vat: pence,
  payable: pence,
  /** What has actually been paid (a deposit, or 0 for an offline operator booking). */
  paid: pence,
  /** payable - paid, never below 0; the page shows 'A payment is due on this booking' when above 0. */
  due: pence,
});
export type ConfirmationTotals = z.infer<typeof confirmationTotalsSchema>;

export const confirmationGolferSchema = z.object({
  /** The golfer's position in the booking, 1..4. */
  id: positiveInt,
  player_type_id: positiveInt,
  /** The player type's name ('Adult', 'Under 16'). */
  player_type: z.string(),
  /** What this golfer's rounds cost, VAT included. */
  total: pence,
  /** The golfer's name as a tour operator gave it ('' while missing); optional for older clients. */
  name: z.string().optional(),
});
export type ConfirmationGolfer = z.infer<typeof confirmationGolferSchema>;

export const confirmationPriceLineSchema = z.object({
  player_type_id: positiveInt,
  player_type: z.string(),
  /** Golfers of this type. */
  count: positiveInt,
  /** Their totals added up, VAT included. */
  total: pence,
});
export type ConfirmationPriceLine = z.infer<typeof confirmationPriceLineSchema>;

export const confirmationCourseSchema = z.object({
  id: positiveInt,
  name: z.string(),
  slug: z.string(),
  /** Site-relative path of the course artwork, as GET /v1/courses gives it. */
  image: z.string(),
  /** The round's tee time; null only when the round has none ('No tee time selected yet'). */
  tee_time: instant.nullable(),
  /** Golfers playing this round: the most caddies it may have. */
  players: positiveInt,
  caddies: count,
  /** Price per caddie for the round's date (price ranges, else 7000), paid in cash at play. */
  caddie_price: pence,
  /** caddies x caddie_price. */
  caddie_total: pence,
  /** The course guide page on the resort's site. */
  guide_url: z.string(),
  /** True while the tee time is more than 24 hours away on the server clock (and the booking is confirmed). */
  caddies_editable: z.boolean(),
  /** Tee time minus 24 hours: caddies can be changed until then. Null without a tee time. */
  caddie_cutoff: instant.nullable(),
});
export type ConfirmationCourse = z.infer<typeof confirmationCourseSchema>;

export const confirmationSchema = z.object({
  booking_number: z.string(),
  status: z.enum(CONFIRMATION_STATUSES),
  /** Same as totals.paid. */
  amount_paid: pence,
  totals: confirmationTotalsSchema,
  golfer_count: positiveInt,
  golfers: z.array(confirmationGolferSchema),
  /** One line per golfer type, in player-type order. */
  price_breakdown: z.array(confirmationPriceLineSchema),
  /** = totals.net */
  subtotal: pence,
  /** = totals.vat (20%) */
  vat: pence,
  /** = totals.payable */
  total: pence,
  /** Rounds in course order (by course id). */
  courses: z.array(confirmationCourseSchema),
  /** All the rounds' caddie totals added up (paid in cash at play). */
  caddie_total: pence,
  last_tee_time: instant.nullable(),
  /** True once the server clock is past the last tee time: 'Thanks for playing', no caddie section. */
  has_played: z.boolean(),
  /** The lead golfer's name as given with the contact details ('' when unknown). */
  lead_name: z.string(),
  payment_method: z.enum(CONFIRMATION_PAYMENT_METHODS),
  /**
   * When totals.due must be paid by (operator deposit and pay-later terms); null when nothing is due. The server
   * always sends it; optional only so clients written before it was added still type-check.
   */
  balance_due_at: instant.nullable().optional(),
  /**
   * Every payment and refund of the booking, oldest first: the card payments, payments the resort recorded (phone,
   * desk, bank transfer) and refunds (negative amounts; `pending` while the card provider has not made it yet).
   */
  statement: z
    .array(
      z.object({
        at: instant,
        kind: z.enum(['card_payment', 'recorded_payment', 'refund']),
        description: z.string(),
        /** Pence: positive for a payment, negative for a refund. */
        amount: z.number().int(),
        pending: z.boolean(),
      }),
    )
    .optional(),
  /**
   * The booking's VAT invoices (one per payment) and credit notes (one per refund), oldest first, each with the path
   * (under the API origin, /v1/...) of its PDF for this session. Optional only so older clients still type-check.
   */
  invoices: z
    .array(
      z.object({
        number: z.string(),
        kind: z.enum(['invoice', 'credit_note']),
        issued_at: instant,
        /** Pence, VAT included: what was paid, or refunded. */
        amount: positiveInt,
        url: z.string(),
      }),
    )
    .optional(),
  /** A tour operator's booking: by when the golfers' names are needed, whether they can still change, how many are missing. */
  golfer_names: golferNamesStateSchema.nullable().optional(),
  /** Set only for a cancelled booking: when, and why. Optional only so older clients still type-check. */
  cancellation: z
    .object({ at: instant, reason: z.enum(CANCELLATION_REASONS) })
    .nullable()
    .optional(),
  /** Path (under the API origin, /v1/...) of the .ics download for this booking; works for this session. */
  calendar_url: z.string(),
  /** The server clock when the answer was made, so the client can correct its 24-hour countdowns. */
  server_time: instant,
});
export type Confirmation = z.infer<typeof confirmationSchema>;

export const confirmationResponseSchema = dataEnvelope(confirmationSchema);

/** An invoice or credit note number in the address. */
export const INVOICE_NUMBER_PATTERN = /^(INV|CN)-\d{6,10}$/;
export const invoiceParamsSchema = z.object({
  bookingNumber: z.string().regex(BOOKING_NUMBER_PATTERN, { error: CONFIRMATION_MESSAGES.unknownBooking }),
  invoiceNumber: z.string().regex(INVOICE_NUMBER_PATTERN, { error: 'There is no such invoice.' }),
});

/** The booking number in the address: digits, at most 24. */
export const bookingNumberParamsSchema = z.object({
  bookingNumber: z.string().regex(BOOKING_NUMBER_PATTERN, { error: CONFIRMATION_MESSAGES.unknownBooking }),
});
export type BookingNumberParams = z.infer<typeof bookingNumberParamsSchema>;

/** The signed link's query: both optional (without them the fetch is session-based). */
export const confirmationQuerySchema = z.object({
  signature: z.string().max(200).optional(),
  expires: z.string().max(40).optional(),
});
export type ConfirmationQuery = z.infer<typeof confirmationQuerySchema>;

/** Spec section 5, PIN form: the booking number (digits, max 24) and the PIN. */
export const pinAccessBodySchema = z.object({
  booking_id: z
    .string({ error: CONFIRMATION_MESSAGES.bookingNumberRequired })
    .trim()
    .min(1, { error: CONFIRMATION_MESSAGES.bookingNumberRequired })
    .max(BOOKING_NUMBER_MAX_LENGTH, { error: CONFIRMATION_MESSAGES.bookingNumberInvalid })
    // '*' not '+': the empty field already has its own message above.
    .regex(/^[0-9]*$/, { error: CONFIRMATION_MESSAGES.bookingNumberInvalid }),
  pin: requiredTextSchema(24, CONFIRMATION_MESSAGES.pinRequired, CONFIRMATION_MESSAGES.pinTooLong),
});
export type PinAccessBody = z.infer<typeof pinAccessBodySchema>;
export type PinAccessBodyInput = z.input<typeof pinAccessBodySchema>;

const caddiesCount = wholeNumberSchema(0, 4, CONFIRMATION_MESSAGES.caddiesCount);

/** PATCH caddies: the wanted count per course; courses left out keep theirs. */
export const updateCaddiesBodySchema = z.object({
  booking_id: z
    .string({ error: CONFIRMATION_MESSAGES.bookingIdMismatch })
    .regex(BOOKING_NUMBER_PATTERN, { error: CONFIRMATION_MESSAGES.bookingIdMismatch }),
  courses: z
    .array(
      z.object({
        id: z.number({ error: 'Each course id must be a whole number' }).int().positive(),
        caddies: caddiesCount,
      }),
      { error: 'Please choose the caddies for at least one course' },
    )
    .min(1, { error: 'Please choose the caddies for at least one course' })
    .max(3, { error: 'A booking has at most three rounds' })
    .refine((courses) => new Set(courses.map((course) => course.id)).size === courses.length, {
      error: 'Each course may appear only once',
    }),
});
export type UpdateCaddiesBody = z.infer<typeof updateCaddiesBodySchema>;
