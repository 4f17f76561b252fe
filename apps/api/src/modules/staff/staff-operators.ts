import type { AuditAction } from '@links/shared';
import { golfersOfRounds } from '@links/shared/groups';
import type {
  CreateOperatorRequest,
  StaffOperator,
  StaffOperatorBooking,
  StaffOperatorDetail,
  UpdateOperatorRequest,
} from '@links/shared/schemas/staff-operators';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookingRounds, bookings, operators, teeSlots } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { queuePasswordLink } from '../auth/password-reset.ts';
import { listColleagues } from '../operators/colleagues.ts';
import { createOperator } from '../operators/manage-operators.ts';
import { loadOperatorBookings, type OperatorBookingRow } from '../operators/operator-bookings.ts';
import {
  type Operator,
  setOperatorDepositAmount,
  setOperatorStatus,
} from '../operators/operators.repository.ts';
import { recordAudit, recordStaffAudit } from './audit-log.ts';
import { stateOf } from './staff-bookings.ts';

// Tour operators for the resort's staff (issue 23): who they are, what they owe and by when, and the account changes
// the resort makes. Each change and its audit entry commit together. Staff never see or set a password: a new
// operator chooses theirs from a welcome link, and staff may send a reset link.

const operatorNotFound = () => notFound('There is no such tour operator.', 'operator_not_found');

/** Money still owed by a confirmed booking, in pence. */
const owed = sql<number>`greatest(coalesce(${bookings.payablePence}, 0) - coalesce(${bookings.paidPence}, 0), 0)`;

function view(
  row: Operator,
  totals: { upcoming: number; due: number; nextDueAt: Date | null } | undefined,
): StaffOperator {
  return {
    id: row.id,
    company_name: row.companyName,
    username: row.username,
    email: row.email,
    phone: row.telephoneNumber || null,
    deposit_percent: row.depositAmount,
    trade_discount_percent: row.tradeDiscountPercent,
    status: row.status,
    password_set: !row.passwordMustChange,
    created_at: row.createdAt.toISOString(),
    upcoming_bookings: totals?.upcoming ?? 0,
    due: totals?.due ?? 0,
    next_due_at: totals?.nextDueAt?.toISOString() ?? null,
  };
}

/** Per operator: bookings still to play (confirmed or held) and what confirmed ones owe, with the earliest date. */
async function operatorTotals(db: DbOrTx, now: Date) {
  const stillToPlay = sql`exists (select 1 from ${bookingRounds} inner join ${teeSlots} on ${teeSlots.id} = ${bookingRounds.slotId} where ${bookingRounds.bookingId} = ${bookings.id} and ${teeSlots.startsAt} > ${now})`;
  const rows = await db
    .select({
      operatorId: bookings.operatorId,
      upcoming: sql<number>`(count(*) filter (where ${stillToPlay}))::integer`,
      due: sql<number>`coalesce(sum(${owed}) filter (where ${bookings.status} = 'confirmed'), 0)::integer`,
      nextDueAt: sql<Date | null>`min(${bookings.balanceDueAt}) filter (where ${bookings.status} = 'confirmed' and ${owed} > 0)`,
    })
    .from(bookings)
    .where(and(inArray(bookings.status, ['confirmed', 'held']), sql`${bookings.operatorId} is not null`))
    .groupBy(bookings.operatorId);
  return new Map(
    rows.map((row) => [
      row.operatorId,
      {
        upcoming: Number(row.upcoming),
        due: Number(row.due),
        // Raw SQL aggregates come back as text on some drivers.
        nextDueAt: row.nextDueAt === null ? null : new Date(row.nextDueAt),
      },
    ]),
  );
}

export async function listStaffOperators(db: DbOrTx, now: Date): Promise<StaffOperator[]> {
  const [rows, totals] = await Promise.all([
    // Companies only: a colleague books on their company's account and is listed with it.
    db
      .select()
      .from(operators)
      .where(isNull(operators.companyId))
      .orderBy(asc(operators.companyName), asc(operators.id)),
    operatorTotals(db, now),
  ]);
  return rows.map((row) => view(row, totals.get(row.id)));
}

async function requireOperator(db: DbOrTx, id: number, lock = false): Promise<Operator> {
  const query = db
    .select()
    .from(operators)
    .where(and(eq(operators.id, id), isNull(operators.companyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw operatorNotFound();
  return row;
}

/** operatorTotals' figures from one operator's rows already read (the same rule: live bookings, what confirmed ones owe). */
function totalsOfRows(rows: OperatorBookingRow[]) {
  const live = rows.filter((row) => row.status === 'confirmed' || row.status === 'held');
  const owing = live.filter((row) => row.status === 'confirmed' && row.due > 0);
  const dueDates = owing.flatMap((row) => (row.balanceDueAt ? [row.balanceDueAt.getTime()] : []));
  return {
    upcoming: live.filter((row) => row.upcoming).length,
    due: owing.reduce((sum, row) => sum + row.due, 0),
    nextDueAt: dueDates.length > 0 ? new Date(Math.min(...dueDates)) : null,
  };
}

/** The golfers of a booking: the most any one course holds over its tee times (a group's are shared out). */
function golfersOf(row: OperatorBookingRow): number {
  return golfersOfRounds(row.rounds.map((round) => ({ courseId: round.course, players: round.players })));
}

export async function staffOperatorDetail(db: DbOrTx, id: number, now: Date): Promise<StaffOperatorDetail> {
  const operator = await requireOperator(db, id);
  const [rows, colleagues] = await Promise.all([loadOperatorBookings(db, id, now), listColleagues(db, id)]);
  return {
    colleagues,
    operator: view(operator, totalsOfRows(rows)),
    bookings: rows.map(
      (row): StaffOperatorBooking => ({
        booking_number: row.bookingNumber,
        state: stateOf(row),
        first_tee_time: row.rounds[0]?.startsAt.toISOString() ?? null,
        courses: [...new Set(row.rounds.map((round) => round.course))],
        players: golfersOf(row),
        payment_method: row.paymentMethod,
        payable: row.payablePence ?? 0,
        paid: row.paidPence ?? 0,
        due: row.due,
        due_at: row.due > 0 ? (row.balanceDueAt?.toISOString() ?? null) : null,
      }),
    ),
  };
}

type Deps = { db: Db; config: Pick<AppConfig, 'publicUrl' | 'brand'> };

/** A new active operator with a password nobody knows; the welcome e-mail's link lets them choose theirs. */
export async function createStaffOperator(
  deps: Deps,
  body: CreateOperatorRequest,
  staffUserId: number,
  now: Date,
): Promise<StaffOperator> {
  return deps.db.transaction(async (tx) => {
    const { operator } = await createOperator(
      tx,
      {
        companyName: body.company_name,
        username: body.username,
        email: body.email,
        depositAmount: body.deposit_percent,
      },
      now,
    );
    const row = await requireOperator(tx, operator.id);
    await queuePasswordLink(tx, deps.config, row, now, 'welcome');
    const created = view(row, undefined);
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'operator.created',
      target: { type: 'operator', id: row.id },
      after: {
        company_name: created.company_name,
        username: created.username,
        email: created.email,
        deposit_percent: created.deposit_percent,
      },
      at: now,
    });
    return created;
  });
}

/** A deposit percentage (for bookings made after it) or the account's status; disabling signs it out everywhere. */
export async function updateStaffOperator(
  db: Db,
  id: number,
  change: UpdateOperatorRequest,
  staffUserId: number,
  now: Date,
): Promise<StaffOperator> {
  await db.transaction(async (tx) => {
    const before = await requireOperator(tx, id, true);
    // A request changes one thing (the first given): its field's value before and after is audited.
    const audit = (action: AuditAction, field: keyof UpdateOperatorRequest, from: unknown, to: unknown) =>
      recordStaffAudit(tx, staffUserId, now, {
        action,
        target: { type: 'operator', id },
        before: { [field]: from },
        after: { [field]: to },
      });
    if (change.deposit_percent !== undefined) {
      if (before.depositAmount === change.deposit_percent) return;
      await setOperatorDepositAmount(tx, id, change.deposit_percent, now);
      await audit(
        'operator.deposit_changed',
        'deposit_percent',
        before.depositAmount,
        change.deposit_percent,
      );
      return;
    }
    if (change.trade_discount_percent !== undefined) {
      if (before.tradeDiscountPercent === change.trade_discount_percent) return;
      await tx
        .update(operators)
        .set({ tradeDiscountPercent: change.trade_discount_percent, updatedAt: now })
        .where(eq(operators.id, id));
      await audit(
        'operator.trade_rate_changed',
        'trade_discount_percent',
        before.tradeDiscountPercent,
        change.trade_discount_percent,
      );
      return;
    }
    if (change.status === undefined || before.status === change.status) return;
    await setOperatorStatus(tx, id, change.status, now);
    const action = change.status === 'disabled' ? 'operator.disabled' : 'operator.enabled';
    await audit(action, 'status', before.status, change.status);
  });
  return (await staffOperatorDetail(db, id, now)).operator;
}

/** Sends the operator a password reset link (to their own address only); refused for a disabled account. */
export async function sendOperatorResetLink(
  deps: Deps,
  id: number,
  staffUserId: number,
  now: Date,
): Promise<{ sent_to: string }> {
  return deps.db.transaction(async (tx) => {
    const operator = await requireOperator(tx, id);
    if (operator.status !== 'active') {
      throw new AppError(
        'operator_disabled',
        422,
        'This account is disabled: enable it before sending a password link.',
      );
    }
    // Never chosen a password yet: send the welcome link again, which lasts days.
    const kind = operator.passwordMustChange ? 'welcome' : 'reset';
    await queuePasswordLink(tx, deps.config, operator, now, kind);
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'operator.password_link_sent',
      target: { type: 'operator', id },
      after: { kind },
      at: now,
    });
    return { sent_to: operator.email };
  });
}
