import { z } from 'zod';
import { count, instant, pageOf, positiveInt } from './answer-fields';
import { dataEnvelope } from './envelope';
import { REFUND_REASONS } from './payments';

// The resort's operations page (issue 23, admins): what is waiting or stuck right now. The mail outbox (pending,
// failed, sent; a message read as text; a failed one sent again), the tee times held by live holds, and the payments
// and refunds the reconciliation job has not been able to finish.

export const MAIL_STATES = ['pending', 'failed', 'sent'] as const;
export type MailState = (typeof MAIL_STATES)[number];
export const OPERATIONS_PAGE_SIZE = 50;

export const staffMailQuerySchema = z.object({
  status: z.enum(MAIL_STATES, { error: 'status must be pending, failed or sent' }).optional(),
  page: z
    .string({ error: 'page must be a whole number from 1' })
    .regex(/^[1-9]\d{0,4}$/, { error: 'page must be a whole number from 1' })
    .default('1')
    .transform(Number),
});
export type StaffMailQuery = z.infer<typeof staffMailQuerySchema>;
export type StaffMailQueryInput = z.input<typeof staffMailQuerySchema>;

const mailSummarySchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATES),
  attempts: count,
  /** The transport's error code and status only. */
  last_error: z.string().nullable(),
  booking_number: z.string().nullable(),
  created_at: instant,
  sent_at: instant.nullable(),
});

export const staffMailPageSchema = pageOf({ messages: z.array(mailSummarySchema) });
export type StaffMailPage = z.infer<typeof staffMailPageSchema>;
export const staffMailPageResponseSchema = dataEnvelope(staffMailPageSchema);

export const staffMailMessageSchema = mailSummarySchema.extend({
  /** The plain-text part (the HTML part is never rendered in the staff area). */
  text: z.string(),
  attachments: z.array(z.string()),
});
export type StaffMailMessage = z.infer<typeof staffMailMessageSchema>;
export const staffMailMessageResponseSchema = dataEnvelope(staffMailMessageSchema);

export const maintenanceStatusSchema = z.object({
  /** Whether visitors and tour operators see the maintenance page now. */
  maintenance: z.boolean(),
  /** MAINTENANCE_MODE=on on the server: only a restart without it opens the site. */
  forced_by_env: z.boolean(),
  /** The switch staff turn (stored in the database, followed by every instance). */
  database_flag: z.boolean(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;
export const maintenanceStatusResponseSchema = dataEnvelope(maintenanceStatusSchema);
export const maintenanceSwitchRequestSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

/** How far back the operations page lists the refunds the booking engine made itself. */
export const AUTOMATIC_REFUND_DAYS = 14;

export const staffOperationsSchema = z.object({
  maintenance: maintenanceStatusSchema,
  mail: z.object({
    pending: count,
    failed: count,
    sent_last_24_hours: count,
  }),
  /** Live holds: places taken by bookings not yet paid, soonest to lapse first. */
  holds: z.array(
    z.object({
      booking_number: z.string(),
      operator: z.string().nullable(),
      rounds: z.array(z.object({ course: z.string(), tee_time: instant, players: z.number().int() })),
      expires_at: instant,
    }),
  ),
  /** Paid or open card payments the reconciliation job has failed to settle at least once. */
  payments: z.array(
    z.object({
      id: z.string(),
      booking_number: z.string().nullable(),
      amount: z.number().int(),
      status: z.string(),
      failures: count,
      created_at: instant,
    }),
  ),
  /**
   * Card payments the booking engine refunded itself in the last AUTOMATIC_REFUND_DAYS days instead of confirming
   * their booking (paid twice, tee times gone, amount or booking changed), newest first: the payer may need a call.
   */
  automatic_refunds: z.array(
    z.object({
      id: z.string(),
      booking_number: z.string().nullable(),
      amount: positiveInt,
      reason: z.enum(REFUND_REASONS),
      refunded_at: instant,
    }),
  ),
  /** Staff refunds still waiting for the provider. */
  refunds: z.array(
    z.object({
      booking_number: z.string(),
      amount: positiveInt,
      attempts: count,
      next_attempt_at: instant,
    }),
  ),
});
export type StaffOperations = z.infer<typeof staffOperationsSchema>;
export const staffOperationsResponseSchema = dataEnvelope(staffOperationsSchema);

export const mailIdParamsSchema = z.object({ id: z.uuid({ error: 'The message id must be a UUID' }) });
export const mailRetriedSchema = z.object({ id: z.uuid(), status: z.literal('pending') });
export const mailRetriedResponseSchema = dataEnvelope(mailRetriedSchema);
