import { type Instalment, isAnyPlayDateWithin30Days, paymentSchedule } from '@links/shared/payment-terms';
import {
  OPERATOR_PAYMENT_MESSAGES,
  type OperatorPlayerDetails,
} from '@links/shared/schemas/operator-contact-details';
import { londonDate } from '@links/shared/uk-time';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookingRounds, bookings, teeSlots } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { BOOKING_MESSAGES } from '../bookings/booking-messages.ts';
import { roundsOfBookings, selectRoundsWithSlot } from '../bookings/bookings.repository.ts';
import { lastRoundStart, signBookingLink } from '../confirmation/confirmation-link.ts';
import type { Operator } from '../operators/operators.repository.ts';
import { CONFIRMATION_MESSAGES, confirmLockedBooking, loadReference } from '../payment/confirm-booking.ts';
import { FINAL_INTENT_STATUSES } from '../payment-provider/payment-provider.ts';
import { remindersDoneAtBooking } from '../payment-schedule/payment-schedule.repository.ts';
import {
  intentAnswer,
  lockOwnHeldBooking,
  NOTHING_TO_PAY_MESSAGE,
  openPaymentIntent,
} from './save-contact-details.ts';

/** What this use case needs of the app (any object with these members: the app, or a test's own). */
export type OperatorDetailsDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log' | 'payments'>;

export const OPERATOR_BOOKING_MESSAGES = {
  /** A visitor's (not signed-in) details carrying a payment method or the operator terms flag. */
  operatorOnly:
    'Booking on terms is only available to signed-in tour operators. Please sign in and try again.',
} as const;

function paymentMethodUnavailable(message: string): AppError {
  return new AppError('payment_method_unavailable', 422, message, { payment_method: message });
}

/** The UK play date of each round of the booking. */
async function playDates(tx: Tx, bookingId: number): Promise<string[]> {
  const rows = await selectRoundsWithSlot(tx, { startsAt: teeSlots.startsAt })
    .where(eq(bookingRounds.bookingId, bookingId))
    .orderBy(asc(teeSlots.startsAt));
  return rows.map((row) => londonDate(row.startsAt));
}

/** The plan as the answer carries it: each payment's amount and deadline (instant and UK date). */
function planAnswer(instalments: Instalment[]) {
  return instalments.map((instalment) => ({
    kind: instalment.kind,
    amount: instalment.amountPence,
    due_by: instalment.dueBy.toISOString(),
    due_date: instalment.dueDate,
  }));
}

const dueAt = (instalments: Instalment[], kind: Instalment['kind']) =>
  instalments.find((instalment) => instalment.kind === kind)?.dueBy ?? null;

/**
 * Step 2 Continue for a signed-in tour operator. The payment method is checked on the server against the
 * operator's deposit percentage and the play dates (never the form's word for it), and the booking records its
 * payment schedule (spec section 9, shared paymentSchedule, booked "now" on the route clock):
 *  - online: the whole payable by card now; the answer is its intent.
 *  - deposit: the deposit (depositPence: percentage of payable, nearest penny, half up) by card now; the
 *    balance is due at balance_due_at. The answer is the deposit's intent.
 *  - offline: nothing by card; the booking is confirmed now (paid 0, PIN and confirmation e-mail, the same step
 *    as a paid confirmation) with the whole payable due at balance_due_at; the answer is the signed
 *    confirmation page path.
 */
export async function saveOperatorDetails(
  deps: OperatorDetailsDeps,
  bookingId: number,
  details: OperatorPlayerDetails,
  caller: { sessionKey: string; operator: Operator },
) {
  const { operator } = caller;
  const method = details.payment_method;
  const now = deps.clock.now();
  const reference = method === 'offline' ? await loadReference(deps) : null;
  if (method === 'offline') await closeOpenIntent(deps, bookingId, caller.sessionKey);

  const saved = await deps.db.transaction(async (tx) => {
    const booking = await lockOwnHeldBooking(tx, bookingId, caller.sessionKey);
    if (booking.operatorId !== null && booking.operatorId !== operator.id) {
      throw notFound(BOOKING_MESSAGES.unknownBooking, 'booking_not_found');
    }
    const payable = booking.payablePence ?? 0;
    if (payable <= 0) throw new AppError('nothing_to_pay', 409, NOTHING_TO_PAY_MESSAGE);
    const dates = await playDates(tx, booking.id);
    if (method === 'deposit' && !(operator.depositAmount > 0)) {
      throw paymentMethodUnavailable(OPERATOR_PAYMENT_MESSAGES.depositNotOffered);
    }
    if (method !== 'online' && isAnyPlayDateWithin30Days(dates, londonDate(now))) {
      throw paymentMethodUnavailable(OPERATOR_PAYMENT_MESSAGES.within30Days);
    }
    const schedule = paymentSchedule({
      method,
      bookedAt: now,
      playDates: dates,
      totalPence: payable,
      depositPercent: operator.depositAmount,
    });
    const deposit = schedule.instalments.find((instalment) => instalment.kind === 'deposit') ?? null;
    // When the whole payable must have been paid: the balance (deposit) or the full payment (pay later).
    const balanceDueAt =
      method === 'online'
        ? null
        : (dueAt(schedule.instalments, 'balance') ?? dueAt(schedule.instalments, 'full'));
    const terms = {
      operatorId: operator.id,
      paymentMethod: method,
      depositPence: deposit?.amountPence ?? null,
      depositDueAt: deposit?.dueBy ?? null,
      balanceDueAt,
      paymentReminderSentAt: null,
      // Reminder points the deadline is already past are not sent (the confirmation states the date).
      paymentRemindersDone: balanceDueAt
        ? remindersDoneAtBooking(balanceDueAt, now, deps.config.bookings.paymentReminderDays)
        : 0,
    };
    await tx
      .update(bookings)
      .set({ playerDetails: details, ...terms, updatedAt: sql`now()` })
      .where(eq(bookings.id, booking.id));
    const updated = { ...booking, ...terms, playerDetails: details };

    if (method === 'offline') {
      await confirmLockedBooking(deps, tx, updated, reference!, {
        paidPence: 0,
        paymentIntentId: null,
        newsletter: false,
      });
      return {
        kind: 'confirmed' as const,
        bookingNumber: booking.bookingNumber,
        lastRoundAt: lastRoundStart(await roundsOfBookings(tx, [booking.id])),
        plan: planAnswer(schedule.instalments),
      };
    }
    return {
      kind: 'card' as const,
      bookingNumber: booking.bookingNumber,
      amount: method === 'deposit' ? (deposit?.amountPence ?? payable) : payable,
      payable,
      previousIntentId: booking.paymentIntentId,
      plan: planAnswer(schedule.instalments),
    };
  });

  if (saved.kind === 'confirmed') {
    // Valid until after the last round, as the e-mailed links are: a booking on terms is played months later.
    const link = signBookingLink(deps.config, saved.bookingNumber, now, saved.lastRoundAt);
    return { payment_intent: null, confirmation_url: link.path, payment_plan: saved.plan };
  }
  const intent = await openPaymentIntent(deps, {
    bookingId,
    bookingNumber: saved.bookingNumber,
    amount: saved.amount,
    previousIntentId: saved.previousIntentId,
    // A deposit intent names the payable it is a share of: if the booking is re-priced, it no longer confirms.
    ...(method === 'deposit'
      ? {
          metadata: { payment_method: method, payable_pence: String(saved.payable) },
          idempotencyKey: `booking-${bookingId}-deposit-${saved.amount}-of-${saved.payable}`,
        }
      : { metadata: { payment_method: method } }),
  });
  return { payment_intent: intentAnswer(intent), confirmation_url: null, payment_plan: saved.plan };
}

/**
 * Before confirming a pay-later booking, the card intent an earlier Continue opened is closed, so it cannot be
 * paid as well. One already paid means the booking is being confirmed by that payment: the operator is told so.
 */
async function closeOpenIntent(
  deps: OperatorDetailsDeps,
  bookingId: number,
  sessionKey: string,
): Promise<void> {
  const [row] = await deps.db
    .select({ paymentIntentId: bookings.paymentIntentId, sessionKey: bookings.sessionKey })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row?.paymentIntentId || row.sessionKey !== sessionKey) return;
  const intent = await deps.payments.retrieveIntent(row.paymentIntentId);
  if (!intent) return;
  if (intent.status === 'succeeded') throw conflict(CONFIRMATION_MESSAGES.otherPayment, 'booking_confirmed');
  if (!FINAL_INTENT_STATUSES.has(intent.status)) await deps.payments.cancelIntent(intent.id);
}
