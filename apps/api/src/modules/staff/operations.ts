import {
  AUTOMATIC_REFUND_DAYS,
  type MaintenanceStatus,
  OPERATIONS_PAGE_SIZE,
  type StaffMailMessage,
  type StaffMailPage,
  type StaffMailQuery,
  type StaffOperations,
} from '@links/shared/schemas/staff-operations';
import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookings, mailOutbox, operators, paymentIntents, staffRefunds } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type MaintenanceSwitch, readMaintenanceFlag, writeMaintenanceFlag } from '../../lib/maintenance.ts';
import { roundsOfBookings } from '../bookings/bookings.repository.ts';
import { bookingTakesPlaces } from '../tee-sheet/live-bookings.ts';
import { recordAudit } from './audit-log.ts';

// The operations page (issue 23, admins): the outbox's counts and messages, live holds, the money the
// reconciliation job has not finished and the payments it refunded itself; the maintenance switch. Reads only,
// except sending a failed message again and turning maintenance on or off (both audited).

const DAY_MS = 24 * 3_600_000;
/** The live holds and stuck payments listed at most (more would be an incident, not a list to read). */
const LIST_LIMIT = 100;

const mailNotFound = () => notFound('There is no such message.', 'mail_not_found');

export async function operationsSummary(
  db: DbOrTx,
  maintenance: MaintenanceSwitch,
  now: Date,
): Promise<StaffOperations> {
  const [mail] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::integer`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::integer`,
      sent: sql<number>`count(*) filter (where ${mailOutbox.status} = 'sent' and ${mailOutbox.sentAt} >= ${new Date(now.getTime() - DAY_MS)})::integer`,
    })
    .from(mailOutbox);

  const held = await db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      operator: operators.companyName,
      expiresAt: bookings.holdExpiresAt,
    })
    .from(bookings)
    .leftJoin(operators, eq(operators.id, bookings.operatorId))
    .where(and(eq(bookings.status, 'held'), bookingTakesPlaces))
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(LIST_LIMIT);
  const heldRounds = await roundsOfBookings(
    db,
    held.map((row) => row.id),
  );

  const payments = await db
    .select({
      id: paymentIntents.id,
      bookingNumber: bookings.bookingNumber,
      amount: paymentIntents.amount,
      status: paymentIntents.status,
      failures: paymentIntents.reconcileFailures,
      createdAt: paymentIntents.createdAt,
    })
    .from(paymentIntents)
    .leftJoin(bookings, eq(bookings.id, paymentIntents.bookingId))
    .where(and(isNull(paymentIntents.settledAt), gt(paymentIntents.reconcileFailures, 0)))
    .orderBy(desc(paymentIntents.reconcileFailures), asc(paymentIntents.createdAt))
    .limit(LIST_LIMIT);

  // A payment the system gave back by itself (a settlement reason says why), within the last days.
  const refundedBySystem = and(
    eq(paymentIntents.settlement, 'refunded'),
    isNotNull(paymentIntents.settlementReason),
  );
  const refundedSince = new Date(now.getTime() - AUTOMATIC_REFUND_DAYS * DAY_MS);
  const automaticRefunds = await db
    .select({
      id: paymentIntents.id,
      bookingNumber: bookings.bookingNumber,
      amount: paymentIntents.amount,
      reason: paymentIntents.settlementReason,
      refundedAt: paymentIntents.settledAt,
    })
    .from(paymentIntents)
    .leftJoin(bookings, eq(bookings.id, paymentIntents.bookingId))
    .where(and(refundedBySystem, gte(paymentIntents.settledAt, refundedSince)))
    .orderBy(desc(paymentIntents.settledAt))
    .limit(LIST_LIMIT);

  const refunds = await db
    .select({
      bookingNumber: bookings.bookingNumber,
      amount: staffRefunds.amountPence,
      attempts: staffRefunds.attempts,
      nextAttemptAt: staffRefunds.nextAttemptAt,
    })
    .from(staffRefunds)
    .innerJoin(bookings, eq(bookings.id, staffRefunds.bookingId))
    .where(eq(staffRefunds.status, 'pending'))
    .orderBy(asc(staffRefunds.nextAttemptAt))
    .limit(LIST_LIMIT);

  return {
    maintenance: await maintenance.status(),
    mail: { pending: mail?.pending ?? 0, failed: mail?.failed ?? 0, sent_last_24_hours: mail?.sent ?? 0 },
    holds: held.map((row) => ({
      booking_number: row.bookingNumber,
      operator: row.operator,
      rounds: heldRounds
        .filter((round) => round.bookingId === row.id)
        .map((round) => ({
          course: round.course,
          tee_time: round.startsAt.toISOString(),
          players: round.players,
        })),
      expires_at: (row.expiresAt ?? now).toISOString(),
    })),
    payments: payments.map((row) => ({
      id: row.id,
      booking_number: row.bookingNumber,
      amount: row.amount,
      status: row.status,
      failures: row.failures,
      created_at: row.createdAt.toISOString(),
    })),
    automatic_refunds: automaticRefunds.flatMap((row) =>
      row.reason && row.refundedAt
        ? [
            {
              id: row.id,
              booking_number: row.bookingNumber,
              amount: row.amount,
              reason: row.reason,
              refunded_at: row.refundedAt.toISOString(),
            },
          ]
        : [],
    ),
    refunds: refunds.map((row) => ({
      booking_number: row.bookingNumber,
      amount: row.amount,
      attempts: row.attempts,
      next_attempt_at: row.nextAttemptAt.toISOString(),
    })),
  };
}

const summaryColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  bookingNumber: bookings.bookingNumber,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

type SummaryRow = {
  id: string;
  to: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  bookingNumber: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

function summary(row: SummaryRow) {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    booking_number: row.bookingNumber,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** One page of the outbox, newest first, optionally of one state. */
export async function listMail(db: DbOrTx, query: StaffMailQuery): Promise<StaffMailPage> {
  const where = query.status ? eq(mailOutbox.status, query.status) : undefined;
  const [total] = await db.select({ total: count() }).from(mailOutbox).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(mailOutbox)
    .leftJoin(bookings, eq(bookings.id, mailOutbox.bookingId))
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OPERATIONS_PAGE_SIZE)
    .offset((query.page - 1) * OPERATIONS_PAGE_SIZE);
  return {
    messages: rows.map(summary),
    total: total?.total ?? 0,
    page: query.page,
    page_size: OPERATIONS_PAGE_SIZE,
  };
}

export async function readMail(db: DbOrTx, id: string): Promise<StaffMailMessage> {
  const [row] = await db
    .select({ ...summaryColumns, text: mailOutbox.text, attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .leftJoin(bookings, eq(bookings.id, mailOutbox.bookingId))
    .where(eq(mailOutbox.id, id));
  if (!row) throw mailNotFound();
  return {
    ...summary(row),
    text: row.text,
    attachments: row.attachments.map((attachment) => attachment.filename),
  };
}

/** A failed message goes back to the mail worker: due now, its attempts counted again from none. Audited. */
export async function retryMail(
  db: Db,
  id: string,
  staffUserId: number,
  now: Date,
): Promise<{ id: string; status: 'pending' }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(mailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning({ id: mailOutbox.id, subject: mailOutbox.subject });
    if (!row) {
      const [exists] = await tx
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id));
      if (!exists) throw mailNotFound();
      throw new AppError('mail_not_failed', 422, 'Only a message that failed can be sent again.');
    }
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'mail.retried',
      target: { type: 'mail', id },
      before: { status: 'failed' },
      after: { status: 'pending', subject: row.subject },
      at: now,
    });
    return { id, status: 'pending' as const };
  });
}

const maintenanceForced = () =>
  new AppError(
    'maintenance_forced',
    409,
    'The server is started with MAINTENANCE_MODE=on: the site opens when it is restarted without it.',
  );

/**
 * Turns the maintenance flag on or off with its audit entry in one transaction. Switching to the state it is in
 * already (two admins at once) changes and records nothing. This instance follows at once, the others within their
 * cache window (the maintenance-flag job).
 */
export async function switchMaintenance(
  db: Db,
  maintenance: MaintenanceSwitch,
  enabled: boolean,
  staffUserId: number,
  now: Date,
): Promise<MaintenanceStatus> {
  if (!enabled && (await maintenance.status()).forced_by_env) throw maintenanceForced();
  await db.transaction(async (tx) => {
    // The lock orders two admins switching at once, so each audit entry's before is what it really replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('maintenance_mode'))`);
    const was = await readMaintenanceFlag(tx);
    if (was === enabled) return;
    await writeMaintenanceFlag(tx, enabled);
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'maintenance.switched',
      target: { type: 'setting', id: 'maintenance_mode' },
      before: { maintenance: was },
      after: { maintenance: enabled },
      at: now,
    });
  });
  await maintenance.refresh();
  return maintenance.status();
}
