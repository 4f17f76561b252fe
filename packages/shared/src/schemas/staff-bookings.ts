import { z } from 'zod';
import { CONFIRMATION_STATUSES, confirmationSchema } from './confirmation';
import { dateStringSchema } from './common';
import { dataEnvelope } from './envelope';
import { TEE_SHEET_BOOKING_STATES } from './staff-tee-sheet';

// Finding a booking and its staff page (issue 22). Personal data (e-mail, phone, address) is answered to the
// reservations desk and admins only.

export const STAFF_BOOKING_PAGE_SIZE = 50;

const pageNumber = z
  .string({ error: 'page must be a whole number from 1' })
  .regex(/^[1-9]\d{0,4}$/, { error: 'page must be a whole number from 1' })
  .default('1')
  .transform(Number);

/**
 * GET /v1/staff/bookings: `q` is a booking number (or its start), a name, an e-mail address (or part), a phone number
 * (its digits) or an operator's company or username; `from`/`to` bound the UK dates of play; `status` narrows.
 * Abandoned holds ('expired') are left out unless asked for.
 */
export const staffBookingSearchQuerySchema = z
  .object({
    q: z.string({ error: 'q must be text' }).trim().max(200, { error: 'Please search with at most 200 characters' }).optional(),
    from: dateStringSchema('from').optional(),
    to: dateStringSchema('to').optional(),
    status: z.enum(CONFIRMATION_STATUSES, { error: 'Please choose a known status' }).optional(),
    page: pageNumber,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'The last day must not be before the first',
    path: ['to'],
  });
export type StaffBookingSearchQuery = z.infer<typeof staffBookingSearchQuerySchema>;
export type StaffBookingSearchQueryInput = z.input<typeof staffBookingSearchQuerySchema>;

/** How a booking stands for staff: the tee sheet's states, or cancelled, or an abandoned hold. */
export const STAFF_BOOKING_STATES = [...TEE_SHEET_BOOKING_STATES, 'cancelled', 'expired'] as const;
export type StaffBookingState = (typeof STAFF_BOOKING_STATES)[number];

export const staffBookingSummarySchema = z.object({
  booking_number: z.string(),
  state: z.enum(STAFF_BOOKING_STATES),
  lead_name: z.string(),
  email: z.string(),
  phone: z.string(),
  operator: z.string().nullable(),
  /** The first round's tee time, or null for a booking without rounds. */
  first_tee_time: z.iso.datetime().nullable(),
  courses: z.array(z.string()),
  players: z.number().int().nonnegative(),
  payable: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  created_at: z.iso.datetime(),
});
export type StaffBookingSummary = z.infer<typeof staffBookingSummarySchema>;

export const staffBookingSearchSchema = z.object({
  bookings: z.array(staffBookingSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type StaffBookingSearch = z.infer<typeof staffBookingSearchSchema>;
export const staffBookingSearchResponseSchema = dataEnvelope(staffBookingSearchSchema);

export const staffBookingDetailSchema = z.object({
  /** Everything the golfer's confirmation page shows. */
  confirmation: confirmationSchema,
  state: z.enum(STAFF_BOOKING_STATES),
  created_at: z.iso.datetime(),
  confirmed_at: z.iso.datetime().nullable(),
  contact: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** The postal address on one line, as entered. */
    address: z.string(),
    /** The visitor asked for news (individual bookings). */
    stay_connected: z.boolean(),
  }),
  operator: z
    .object({ company_name: z.string(), username: z.string(), email: z.string() })
    .nullable(),
  notes: z.string().nullable(),
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      amount: z.number().int(),
      status: z.string(),
      /** What became of a paid intent: it confirmed the booking, or was refunded. */
      settlement: z.string().nullable(),
      created_at: z.iso.datetime(),
    }),
  ),
  refunds: z.array(
    z.object({ id: z.string(), amount: z.number().int(), status: z.string(), created_at: z.iso.datetime() }),
  ),
  emails: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.enum(['pending', 'sent', 'failed']),
      attempts: z.number().int().nonnegative(),
      created_at: z.iso.datetime(),
      sent_at: z.iso.datetime().nullable(),
    }),
  ),
  /** What happened to the booking, oldest first: by the visitor or operator, by staff, or by the system. */
  timeline: z.array(
    z.object({
      at: z.iso.datetime(),
      by: z.enum(['golfer', 'operator', 'staff', 'system']),
      /** A staff member's name when staff did it. */
      who: z.string().nullable(),
      what: z.string(),
    }),
  ),
});
export type StaffBookingDetail = z.infer<typeof staffBookingDetailSchema>;
export const staffBookingDetailResponseSchema = dataEnvelope(staffBookingDetailSchema);
