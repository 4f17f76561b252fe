import { z } from 'zod';
import { dateStringSchema, positiveIdTextSchema } from './common';
import { dataEnvelope } from './envelope';

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

export const staffTeeSheetBookingSchema = z.object({
  booking_number: z.string(),
  state: z.enum(TEE_SHEET_BOOKING_STATES),
  /** The lead golfer's name; empty while a hold has no contact details yet. */
  lead_name: z.string(),
  /** Golfers on this round. */
  players: z.number().int().positive(),
  caddies: z.number().int().nonnegative(),
  /** The booking's golfers in order, by player type (a booking's golfers play each of its rounds). */
  golfers: z.array(z.object({ position: z.number().int().positive(), player_type: z.string() })),
  /** The tour operator's company, for bookings made by an operator. */
  operator: z.string().nullable(),
  notes: z.string().nullable(),
  payable: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  /** Until when a hold keeps its places (held only). */
  hold_expires_at: z.iso.datetime().nullable(),
});
export type StaffTeeSheetBooking = z.infer<typeof staffTeeSheetBookingSchema>;

export const staffTeeSheetSlotSchema = z.object({
  id: z.number().int().positive(),
  starts_at: z.iso.datetime(),
  /** UK wall-clock time, 'HH:mm'. */
  time: z.string(),
  capacity: z.number().int().positive(),
  /** Places taken by live holds and confirmed bookings. */
  taken: z.number().int().nonnegative(),
  places_left: z.number().int().nonnegative(),
  /** The block the slot lies in, if any: the public tee sheet does not list it. */
  block: z.object({ reason: z.enum(TEE_SHEET_BLOCK_REASONS), note: z.string().nullable() }).nullable(),
  bookings: z.array(staffTeeSheetBookingSchema),
});
export type StaffTeeSheetSlot = z.infer<typeof staffTeeSheetSlotSchema>;

export const staffTeeSheetSchema = z.object({
  course: z.object({ id: z.number().int().positive(), name: z.string() }),
  date: z.string(),
  /** Every course, for the sheet's course picker. */
  courses: z.array(z.object({ id: z.number().int().positive(), name: z.string() })),
  slots: z.array(staffTeeSheetSlotSchema),
  totals: z.object({
    slots: z.number().int().nonnegative(),
    blocked: z.number().int().nonnegative(),
    golfers: z.number().int().nonnegative(),
    bookings: z.number().int().nonnegative(),
  }),
});
export type StaffTeeSheet = z.infer<typeof staffTeeSheetSchema>;
export const staffTeeSheetResponseSchema = dataEnvelope(staffTeeSheetSchema);
