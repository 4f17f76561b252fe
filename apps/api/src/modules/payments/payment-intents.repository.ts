import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type PaymentIntentStatus, paymentIntents, paymentRefunds } from '../../db/schema/payments.ts';
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

export async function findIntentRowByIdempotencyKey(db: DbOrTx, provider: PaymentMode, key: string) {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.provider, provider), eq(paymentIntents.idempotencyKey, key)));
  return row;
}

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
  const [row] = await db
    .update(paymentIntents)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, [...from]), extraCondition))
    .returning();
  return row;
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

export async function findRefundRowByIdempotencyKey(db: DbOrTx, provider: PaymentMode, key: string) {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.idempotencyKey, key)));
  return row;
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
