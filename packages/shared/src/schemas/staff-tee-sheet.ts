import { z } from 'zod';
import { count, instant, pence, positiveInt } from './answer-fields';
import {
  dateStringSchema,
  positiveIdTextSchema,
  positiveWholeNumberSchema,
  wholeNumberSchema,
} from './common';
import { dataEnvelope } from './envelope';
import { namedSchema } from './staff-fields';

// The staff tee sheet (issue 22): one course's day, every slot with what is on it. The public diary answers only
// "how many places are taken"; this answer names the bookings, so it is served under /v1/staff alone.

/** GET /v1/staff/tee-sheet query string. */
export const staffTeeSheetQuerySchema = z.object({
  course_id: positiveIdTextSchema('course_id'),
  date: dateStringSchema('date'),
});
export type StaffTeeSheetQuery = z.infer<typeof staffTeeSheetQuerySchema>;
export type StaffTeeSheetQueryInput = z.input<typeof staffTeeSheetQuerySchema>;

/**
 * How a booking stands on the sheet: 'held' (a live reservation, not paid yet), 'paid' (confirmed and paid in
 * full), 'deposit' (confirmed on deposit terms with a balance still due), 'pay_later' (confirmed on account terms,
 * nothing or not all paid yet).
 */
export const TEE_SHEET_BOOKING_STATES = ['held', 'paid', 'deposit', 'pay_later'] as const;
export type TeeSheetBookingState = (typeof TEE_SHEET_BOOKING_STATES)[number];

export const TEE_SHEET_BLOCK_REASONS = ['competition', 'dark', 'maintenance'] as const;

/** A golfer's check-in on the day: 'expected' until the starter marks them arrived or a no-show. */
export const CHECK_IN_STATUSES = ['expected', 'arrived', 'no_show'] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

export const staffTeeSheetBookingSchema = z.object({
  /** The booking's round on this tee time (what a check-in names). */
  round_id: positiveInt,
  booking_number: z.string(),
  state: z.enum(TEE_SHEET_BOOKING_STATES),
  /** The lead golfer's name; empty while a hold has no contact details yet. */
  lead_name: z.string(),
  /** Golfers on this round. */
  players: positiveInt,
  caddies: count,
  /**
   * The golfers on this round in order: all the booking's (they play each of its rounds), or a group's share on
   * this tee time (issue 24). name: as the tour operator gave it ('' while missing).
   */
  golfers: z.array(z.object({ position: positiveInt, player_type: z.string(), name: z.string() })),
  /** The tour operator's company, for bookings made by an operator. */
  operator: z.string().nullable(),
  notes: z.string().nullable(),
  payable: pence,
  paid: pence,
  /** Until when a hold keeps its places (held only). */
  hold_expires_at: instant.nullable(),
  /** One per golfer playing this round, by position; empty for a hold (only confirmed bookings check in). */
  check_ins: z.array(z.object({ position: positiveInt, status: z.enum(CHECK_IN_STATUSES) })),
});
export type StaffTeeSheetBooking = z.infer<typeof staffTeeSheetBookingSchema>;

export const staffTeeSheetSlotSchema = z.object({
  id: positiveInt,
  starts_at: instant,
  /** UK wall-clock time, 'HH:mm'. */
  time: z.string(),
  capacity: positiveInt,
  /** Places taken by live holds and confirmed bookings. */
  taken: count,
  places_left: count,
  /** The block the slot lies in, if any: the public tee sheet does not list it. */
  block: z
    .object({
      id: positiveInt,
      reason: z.enum(TEE_SHEET_BLOCK_REASONS),
      note: z.string().nullable(),
      starts_at: instant,
      ends_at: instant,
    })
    .nullable(),
  /** Outside every tee window since a window change: off sale, listed only while bookings are on it, to be moved. */
  outside_windows: z.boolean(),
  bookings: z.array(staffTeeSheetBookingSchema),
});
export type StaffTeeSheetSlot = z.infer<typeof staffTeeSheetSlotSchema>;

export const staffTeeSheetSchema = z.object({
  course: namedSchema,
  date: z.string(),
  /** Every course, for the sheet's course picker. */
  courses: z.array(namedSchema),
  slots: z.array(staffTeeSheetSlotSchema),
  totals: z.object({
    slots: count,
    blocked: count,
    golfers: count,
    bookings: count,
    arrived: count,
    no_show: count,
  }),
});
export type StaffTeeSheet = z.infer<typeof staffTeeSheetSchema>;
export const staffTeeSheetResponseSchema = dataEnvelope(staffTeeSheetSchema);

export const CHECK_IN_MESSAGES = {
  round: 'Please choose a booking on the tee sheet',
  position: 'Please choose a golfer (1 to 16)',
  status: 'Please choose expected, arrived or no-show',
  notConfirmed: 'Only a confirmed booking can be checked in.',
  noSuchGolfer: 'This booking has no such golfer on this round.',
  notYet: 'Golfers can be checked in from the day of their round.',
} as const;

/** PUT /v1/staff/check-ins: one golfer of one round, marked arrived or no-show, or back to expected. */
export const checkInRequestSchema = z.object({
  round_id: positiveWholeNumberSchema(CHECK_IN_MESSAGES.round),
  position: wholeNumberSchema(1, 16, CHECK_IN_MESSAGES.position),
  status: z.enum(CHECK_IN_STATUSES, { error: CHECK_IN_MESSAGES.status }),
});
export type CheckInRequest = z.infer<typeof checkInRequestSchema>;

export const checkInAnswerSchema = z.object({
  round_id: positiveInt,
  booking_number: z.string(),
  position: positiveInt,
  status: z.enum(CHECK_IN_STATUSES),
});
export type CheckInAnswer = z.infer<typeof checkInAnswerSchema>;
export const checkInResponseSchema = dataEnvelope(checkInAnswerSchema);

/**
 * How often an open tee sheet asks again while its tab is in view: bookings, holds, payments and blocks made on any
 * instance show within this time (one small read per staff browser; the API keeps no connection open for it).
 * Decision record 014; the bench measures what one such read costs.
 */
export const TEE_SHEET_REFRESH_MS = 1_500;
