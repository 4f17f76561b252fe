import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings } from '../db/schema/index.ts';
import { bookingMatches } from '../modules/bookings/bookings.repository.ts';
import { duePaymentStillOpen, isDuePayment } from '../modules/payment/due-payment.ts';
import { settlePaidIntent } from '../modules/payment/settle-payment.ts';
import { cancelIntentIfOpen } from '../modules/payment-provider/cancel-open-intent.ts';
import {
  claimUnsettledIntents,
  markIntentCanceled,
  type PaymentIntentRow,
  rescheduleReconciliation,
  toPaymentIntent,
} from '../modules/payment-provider/payment-intents.repository.ts';
import { FINAL_INTENT_STATUSES, type PaymentIntent } from '../modules/payment-provider/payment-provider.ts';
import { retryPendingRefunds } from '../modules/staff/booking-cancel.ts';
import { configuredInterval, type Job } from './job.ts';
import { describeJobError } from './scheduler.ts';

/** What this use case needs of the app (any object with these members: the app, or a test's own). */
export type ReconciliationDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log' | 'payments'>;

/**
 * How long after a hold ended its payment may still be made: a golfer finishing a slow 3-D Secure check re-takes the
 * places if they are still free. After it the payment is cancelled at the provider, so it can never be taken.
 */
export const LAPSED_HOLD_PAYMENT_GRACE_MS = 30 * 60_000;
/** Intents claimed per pass; the next pass takes the rest. */
export const RECONCILIATION_BATCH = 50;
/** Longer than one intent's handling can take (three provider calls, each with stripe-node's retries). */
const LEASE_MS = 5 * 60_000;
/** After a failed attempt: 1 minute, doubling to an hour. */
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
/** From this many failed attempts a payment is logged as needing attention, at every further failure. */
export const ATTENTION_AFTER_FAILURES = 5;

export type ReconciliationPass = {
  confirmed: number;
  refunded: number;
  canceled: number;
  waiting: number;
  failed: number;
  /** Refunds of bookings cancelled by staff, made now or still waiting for the provider. */
  staffRefundsMade: number;
  staffRefundsWaiting: number;
};

type Outcome = 'confirmed' | 'refunded' | 'canceled' | 'waiting';

/** The open intent is still the way its booking is meant to be paid: the booking holds it and may still take it. */
async function stillPayable(deps: ReconciliationDeps, intent: PaymentIntent): Promise<boolean> {
  if (intent.booking_id === null) return false;
  return bookingMatches(
    deps.db,
    intent.booking_id,
    eq(bookings.paymentIntentId, intent.id),
    inArray(bookings.status, ['held', 'expired']),
    sql`${bookings.holdExpiresAt} + (${LAPSED_HOLD_PAYMENT_GRACE_MS} * interval '1 millisecond') > now()`,
  );
}

async function settle(deps: ReconciliationDeps, intent: PaymentIntent): Promise<Outcome> {
  if (intent.status === 'succeeded') return (await settlePaidIntent(deps, intent)).kind;
  if (intent.status === 'canceled') {
    await markIntentCanceled(deps.db, intent.id);
    return 'canceled';
  }
  return 'waiting';
}

/**
 * One unsettled intent. A final state in our record is final at the provider too (it is never moved back), so only
 * open intents are asked about: paid ones are settled; one its booking can no longer use is cancelled (and settled
 * if it turns out to have been paid meanwhile); one a live hold may still be paid with is looked at again next pass.
 */
async function reconcile(deps: ReconciliationDeps, row: PaymentIntentRow): Promise<Outcome> {
  if (FINAL_INTENT_STATUSES.has(row.status)) return settle(deps, toPaymentIntent(row));
  const intent = await deps.payments.retrieveIntent(row.id);
  if (!intent) throw new Error('The payment provider does not know this intent');
  if (FINAL_INTENT_STATUSES.has(intent.status)) return settle(deps, intent);
  const open = isDuePayment(intent)
    ? await duePaymentStillOpen(deps, intent, row.createdAt)
    : await stillPayable(deps, intent);
  if (open) return 'waiting';
  const after = await cancelIntentIfOpen(deps.payments, deps.log, intent.id);
  return after ? settle(deps, after) : 'waiting';
}

/**
 * Every succeeded payment ends as a confirmed booking or a refund, and no unused payment stays payable, without
 * depending on the browser coming back or the webhook arriving (issue 20 §2). A pass claims the intents not yet
 * settled (paid intents whose confirmation was lost, refunds decided but not acknowledged, open intents) and settles
 * each through the one path the browser and the webhook use. Several instances: the claim is one UPDATE over rows
 * picked FOR UPDATE SKIP LOCKED that leases them, so instances take different intents; racing the browser or the
 * webhook is safe because settlement runs under the booking's row lock, records its decision on the intent before
 * the refund, and refunds with one idempotency key per intent: confirmed once, refunded once, one e-mail.
 */
async function reconcilePayments(deps: ReconciliationDeps): Promise<ReconciliationPass> {
  const pass: ReconciliationPass = {
    confirmed: 0,
    refunded: 0,
    canceled: 0,
    waiting: 0,
    failed: 0,
    staffRefundsMade: 0,
    staffRefundsWaiting: 0,
  };
  const claimed = await claimUnsettledIntents(deps.db, deps.payments.mode, {
    limit: RECONCILIATION_BATCH,
    leaseMs: LEASE_MS,
  });
  for (const row of claimed) {
    try {
      const outcome = await reconcile(deps, row);
      pass[outcome] += 1;
      // Still open: look again at the next pass (a payment may arrive while its hold lasts).
      if (outcome === 'waiting') await rescheduleReconciliation(deps.db, row.id, 0, false);
    } catch (error) {
      pass.failed += 1;
      const delay = Math.min(RETRY_BASE_MS * 2 ** row.reconcileFailures, RETRY_MAX_MS);
      const failures = await rescheduleReconciliation(deps.db, row.id, delay, true).catch(() => undefined);
      const fields = {
        paymentIntent: row.id,
        bookingId: row.bookingId,
        failures,
        error: describeJobError(error),
      };
      if ((failures ?? 0) >= ATTENTION_AFTER_FAILURES) deps.log.error(fields, 'payment needs attention');
      else deps.log.warn(fields, 'payment reconciliation attempt failed');
    }
  }
  // Refunds of bookings cancelled by staff that the provider has not made yet (booking-cancel.ts).
  const refunds = await retryPendingRefunds(deps);
  pass.staffRefundsMade = refunds.made;
  pass.staffRefundsWaiting = refunds.waiting;
  return pass;
}

export const paymentReconciliationJob: Job<ReconciliationPass> = {
  name: 'payment-reconciliation',
  intervalMs: configuredInterval('payment-reconciliation'),
  run: reconcilePayments,
  report: (pass) =>
    pass.confirmed + pass.refunded + pass.canceled + pass.failed > 0
      ? { message: 'payment reconciliation pass', fields: pass }
      : undefined,
};
