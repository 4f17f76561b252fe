import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  type PaymentIntentStatus,
  paymentIntents,
  paymentRefunds,
  type RefundReason,
} from '../../db/schema/payments.ts';
import {
  bookingIdFromMetadata,
  FINAL_INTENT_STATUSES,
  type PaymentIntent,
  type PaymentMode,
  type Refund,
} from './payment-provider.ts';

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

const FINAL = [...FINAL_INTENT_STATUSES];

export function toPaymentIntent(row: PaymentIntentRow): PaymentIntent {
  return {
    id: row.id,
    client_secret: row.clientSecret,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    metadata: row.metadata,
    booking_id: row.bookingId,
    last_payment_error: row.lastPaymentError,
    next_action: row.nextAction,
  };
}

export function toRefund(row: PaymentRefundRow): Refund {
  return {
    id: row.id,
    payment_intent: row.paymentIntentId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
  };
}

export async function findIntentRow(db: DbOrTx, provider: PaymentMode, id: string) {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.provider, provider)));
  return row;
}

/** The intent or refund a provider made under an idempotency key, if any (each table keeps its own keys). */
async function findByIdempotencyKey<T extends typeof paymentIntents | typeof paymentRefunds>(
  db: DbOrTx,
  table: T,
  provider: PaymentMode,
  key: string,
): Promise<T['$inferSelect'] | undefined> {
  const rows: typeof paymentIntents | typeof paymentRefunds = table;
  const [row] = await db
    .select()
    .from(rows)
    .where(and(eq(rows.provider, provider), eq(rows.idempotencyKey, key)));
  return row as T['$inferSelect'] | undefined;
}

export const findIntentRowByIdempotencyKey = (db: DbOrTx, provider: PaymentMode, key: string) =>
  findByIdempotencyKey(db, paymentIntents, provider, key);

export const findRefundRowByIdempotencyKey = (db: DbOrTx, provider: PaymentMode, key: string) =>
  findByIdempotencyKey(db, paymentRefunds, provider, key);

/** Every intent recorded for a booking, newest first (for the booking engine and support). */
export async function findIntentsForBooking(db: DbOrTx, bookingId: number): Promise<PaymentIntent[]> {
  const rows = await db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.bookingId, bookingId))
    .orderBy(sql`${paymentIntents.createdAt} desc`);
  return rows.map(toPaymentIntent);
}

/**
 * Moves an intent from one of `from` to the values in `set`, atomically: the row is only changed if it is still
 * in one of those states, so two requests racing over one intent cannot both win. Returns the new row or
 * undefined when the intent was no longer in a `from` state.
 */
export async function transitionIntent(
  db: DbOrTx,
  id: string,
  from: readonly PaymentIntentStatus[],
  set: Partial<Omit<PaymentIntentRow, 'id' | 'provider' | 'createdAt'>>,
  extraCondition?: ReturnType<typeof sql>,
) {
  const [row] = await updateIntentWhere(
    db,
    id,
    set,
    inArray(paymentIntents.status, [...from]),
    extraCondition,
  ).returning();
  return row;
}

/**
 * Writes `set` (and the update time) to the intent only while every one of `conditions` still holds: each move of an
 * intent's status or settlement is conditional on where it moves from, so of two racing writes one wins.
 */
function updateIntentWhere(
  db: DbOrTx,
  id: string,
  set: PgUpdateSetSource<typeof paymentIntents>,
  ...conditions: Array<SQL | undefined>
) {
  return db
    .update(paymentIntents)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), ...conditions));
}

/**
 * Records what the provider answered about an intent (Stripe mode: the local mirror). An intent already in a
 * final state (succeeded, canceled) is never moved out of it, whatever arrives later: the answer returned is the
 * effective intent, with the recorded final status kept.
 */
export async function recordProviderIntent(
  db: DbOrTx,
  provider: PaymentMode,
  intent: PaymentIntent,
): Promise<PaymentIntent> {
  const bookingId = bookingIdFromMetadata(intent.metadata);
  // Intents this server did not create (no booking) are not ours to record.
  if (bookingId === null) return intent;
  const values = {
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    metadata: intent.metadata,
    lastPaymentError: intent.last_payment_error,
    nextAction: intent.next_action,
  };
  const [written] = await db
    .insert(paymentIntents)
    .values({ id: intent.id, provider, bookingId, ...values })
    .onConflictDoUpdate({
      target: paymentIntents.id,
      set: { ...values, updatedAt: sql`now()` },
      setWhere: sql`${paymentIntents.status} not in (${sql.join(
        FINAL.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    })
    .returning({ status: paymentIntents.status });
  if (written) return intent;
  const recorded = await findIntentRow(db, provider, intent.id);
  if (recorded && FINAL_INTENT_STATUSES.has(recorded.status) && recorded.status !== intent.status) {
    return { ...intent, status: recorded.status };
  }
  return intent;
}

export async function refundedAmount(db: DbOrTx, intentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentIntentId, intentId),
        inArray(paymentRefunds.status, ['pending', 'succeeded']),
      ),
    );
  return Number(row?.total ?? 0);
}

// Settlement: how the booking engine ended each intent. Every write below is conditional on the settlement it moves
// from, so two paths racing over one intent (the browser, the webhook, the reconciliation job, on any instance)
// settle it once; the booking engine makes them under the booking's row lock.

export async function readSettlement(
  db: DbOrTx,
  id: string,
): Promise<Pick<PaymentIntentRow, 'settlement' | 'settlementReason'> | undefined> {
  const [row] = await db
    .select({ settlement: paymentIntents.settlement, settlementReason: paymentIntents.settlementReason })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, id));
  return row;
}

/** The intent paid for its booking. */
export async function markIntentConfirmed(db: DbOrTx, id: string): Promise<void> {
  await updateIntentWhere(
    db,
    id,
    { settlement: 'confirmed', settledAt: sql`now()` },
    isNull(paymentIntents.settlement),
  );
}

/** Decides a refund, before asking the provider for it: no later path may confirm with this intent. */
export async function markRefundPending(db: DbOrTx, id: string, reason: RefundReason): Promise<void> {
  await updateIntentWhere(
    db,
    id,
    { settlement: 'refund_pending', settlementReason: reason },
    isNull(paymentIntents.settlement),
  );
}

/** The provider acknowledged the refund. True for the one caller that recorded it (who then tells the golfer). */
export async function markIntentRefunded(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await updateIntentWhere(
    db,
    id,
    { settlement: 'refunded', settledAt: sql`now()` },
    eq(paymentIntents.settlement, 'refund_pending'),
  ).returning({ id: paymentIntents.id });
  return rows.length > 0;
}

/** A canceled intent took no money: nothing is left to do for it. */
export async function markIntentCanceled(db: DbOrTx, id: string): Promise<void> {
  await updateIntentWhere(
    db,
    id,
    { settlement: 'canceled', settledAt: sql`now()` },
    eq(paymentIntents.status, 'canceled'),
    isNull(paymentIntents.settledAt),
  );
}

const inMilliseconds = (ms: number) => sql`now() + (${Math.round(ms)} * interval '1 millisecond')`;

/**
 * Claims up to `limit` unsettled intents of `provider` that are due for reconciliation, leasing them for `leaseMs`:
 * one UPDATE over rows picked FOR UPDATE SKIP LOCKED, so instances running the job at once take different intents,
 * and an instance that dies mid-pass leaves its claims to be taken again when the lease ends.
 */
export async function claimUnsettledIntents(
  db: DbOrTx,
  provider: PaymentMode,
  options: { limit: number; leaseMs: number },
): Promise<PaymentIntentRow[]> {
  const due = and(
    isNull(paymentIntents.settledAt),
    eq(paymentIntents.provider, provider),
    lte(paymentIntents.reconcileAt, sql`now()`),
  );
  const candidates = db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(due)
    .orderBy(asc(paymentIntents.reconcileAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(paymentIntents)
    .set({ reconcileAt: inMilliseconds(options.leaseMs) })
    .where(and(inArray(paymentIntents.id, candidates), due))
    .returning();
}

/**
 * When the job should look at an unsettled intent again; a failed attempt is counted (the count says which payments
 * need attention). Answers the failures so far.
 */
export async function rescheduleReconciliation(
  db: DbOrTx,
  id: string,
  delayMs: number,
  failed: boolean,
): Promise<number> {
  const [row] = await db
    .update(paymentIntents)
    .set({
      reconcileAt: inMilliseconds(delayMs),
      reconcileFailures: failed
        ? sql`${paymentIntents.reconcileFailures} + 1`
        : paymentIntents.reconcileFailures,
    })
    .where(and(eq(paymentIntents.id, id), isNull(paymentIntents.settledAt)))
    .returning({ failures: paymentIntents.reconcileFailures });
  return row?.failures ?? 0;
}
