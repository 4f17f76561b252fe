import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookingRounds, bookings } from './bookings.ts';
import { generatedId, instant, requiredRef, sessionLifetime } from './columns.ts';

// The resort's staff (issue 22): accounts with a password and a TOTP second factor, their server-side sessions, and
// the append-only audit log of what they did. Separate from tour operators (operators.ts): other people, other
// rights, another sign-in (docs/decisions/011-staff-sign-in.md).

// The same values as STAFF_ROLES in @links/shared (schemas/staff.ts); the checks below hold the database to them.
type StaffRole = 'admin' | 'reservations' | 'starter';
type StaffStatus = 'active' | 'disabled';
type StaffSessionStage = 'password' | 'full';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: generatedId(),
    /** Shown and stored as entered; unique regardless of case (see the index below). Never changes. */
    username: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    role: text().$type<StaffRole>().notNull(),
    status: text().$type<StaffStatus>().notNull().default('active'),
    /** argon2id PHC string. */
    passwordHash: text().notNull(),
    passwordChangedAt: instant().notNull(),
    /**
     * The TOTP secret, encrypted with AES-256-GCM under a key derived from STAFF_FACTOR_KEY (staff/factor-secret.ts),
     * bound to this row's id. Null until a secret is issued (first sign-in, or the CLI) and after a factor reset.
     */
    totpSecretEncrypted: text(),
    /** Set by the first right code for the current secret: from then on sign-in asks for a code, never re-enrols. */
    factorConfirmedAt: instant(),
    /** The latest TOTP time step accepted: a code of this step or an earlier one is refused (no replay). */
    totpLastStep: bigint({ mode: 'number' }),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    uniqueIndex('staff_users_username_lower_unique').on(sql`lower(${table.username})`),
    check('staff_users_role_known', sql`${table.role} in ('admin', 'reservations', 'starter')`),
    check('staff_users_status_known', sql`${table.status} in ('active', 'disabled')`),
  ],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** sessionKey(session id): sha256 of the cookie's id, so a database dump cannot be replayed as cookies. */
    id: text().primaryKey(),
    staffUserId: requiredRef(() => staffUsers.id, { onDelete: 'cascade' }),
    /** 'password': the password was right and the code is pending (5 minutes); 'full': signed in. */
    stage: text().$type<StaffSessionStage>().notNull(),
    // expires_at: 5 minutes for the password stage, 12 hours from sign-in for a full session.
    ...sessionLifetime(),
  },
  (table) => [
    index('staff_sessions_user_idx').on(table.staffUserId),
    index('staff_sessions_expires_idx').on(table.expiresAt),
    check('staff_sessions_stage_known', sql`${table.stage} in ('password', 'full')`),
  ],
);

/**
 * Append-only: a trigger (migration 0012) refuses UPDATE, DELETE and TRUNCATE, so not even a bug in the app can
 * rewrite history. Each row is written in the transaction of the change it records.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: instant().notNull(),
    /** The staff member who acted; null for the command line and for sign-in attempts by nobody known. */
    staffUserId: integer().references(() => staffUsers.id),
    /**
     * Who acted, as text: 'staff', 'cli', 'anonymous' (a failed sign-in that matched no account), 'golfer' or
     * 'operator' (a change to their own confirmed booking).
     */
    actor: text().notNull(),
    /** What was done: 'sign_in', 'sign_in_failed', 'staff_user.create' ... (staff/audit-log.ts lists them). */
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    /** The values before and after, never a password hash or a factor secret. */
    before: jsonb(),
    after: jsonb(),
  },
  (table) => [
    index('staff_audit_log_at_idx').on(table.at),
    index('staff_audit_log_user_at_idx').on(table.staffUserId, table.at),
    index('staff_audit_log_action_at_idx').on(table.action, table.at),
  ],
);

/**
 * The starter's check-in (issue 22): whether each golfer of a round arrived or did not come. A golfer without a row
 * is still expected. Position is the golfer's place in the booking (booking_golfers.position).
 */
export const golferCheckIns = pgTable(
  'golfer_check_ins',
  {
    bookingRoundId: requiredRef(() => bookingRounds.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    status: text().$type<'arrived' | 'no_show'>().notNull(),
    staffUserId: requiredRef(() => staffUsers.id),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bookingRoundId, table.position] }),
    check('golfer_check_ins_position_range', sql`${table.position} between 1 and 4`),
    check('golfer_check_ins_status_known', sql`${table.status} in ('arrived', 'no_show')`),
  ],
);

/**
 * Money taken outside the card flow (issue 22): by phone, at the desk or by bank transfer, recorded by staff. Each
 * row raised bookings.paid_pence by its amount in the same transaction; the rows are the record of why.
 */
export const recordedPayments = pgTable(
  'recorded_payments',
  {
    id: generatedId(),
    bookingId: requiredRef(() => bookings.id, { onDelete: 'cascade' }),
    amountPence: integer().notNull(),
    method: text().$type<'phone' | 'desk' | 'bank_transfer'>().notNull(),
    /** The card terminal's or the bank's reference, as staff typed it. */
    reference: text().notNull(),
    staffUserId: requiredRef(() => staffUsers.id),
    recordedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check('recorded_payments_amount_positive', sql`${table.amountPence} > 0`),
    check('recorded_payments_method_known', sql`${table.method} in ('phone', 'desk', 'bank_transfer')`),
    index('recorded_payments_booking_index').on(table.bookingId),
  ],
);

/**
 * Money returned to the card when staff cancel or change a booking (issue 22): written 'pending' in that
 * transaction, then sent to the provider with its one idempotency key (by the request, else by the
 * payment-reconciliation job's retries) and marked 'succeeded' with the provider's refund id.
 */
export const staffRefunds = pgTable(
  'staff_refunds',
  {
    id: generatedId(),
    /** A booking may have several: one per change that returned money, and its cancellation's. */
    bookingId: requiredRef(() => bookings.id, { onDelete: 'cascade' }),
    paymentIntentId: text().notNull(),
    amountPence: integer().notNull(),
    idempotencyKey: text().notNull().unique(),
    status: text().$type<'pending' | 'succeeded'>().notNull().default('pending'),
    refundId: text(),
    attempts: integer().notNull().default(0),
    /** When a retry is next due; while one runs, the end of its lease. */
    nextAttemptAt: instant().notNull().defaultNow(),
    staffUserId: requiredRef(() => staffUsers.id),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check('staff_refunds_amount_positive', sql`${table.amountPence} > 0`),
    check('staff_refunds_status_known', sql`${table.status} in ('pending', 'succeeded')`),
    index('staff_refunds_pending_index').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('staff_refunds_booking_index').on(table.bookingId),
  ],
);
