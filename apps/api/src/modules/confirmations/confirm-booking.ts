import { formatMoney } from '@links/shared/money';
import { individualPlayerDetailsSchema } from '@links/shared/schemas/contact-details';
import { operatorPlayerDetailsSchema } from '@links/shared/schemas/operator-contact-details';
import { formatLongDate, londonDate } from '@links/shared/uk-time';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookingGolfers, bookingRounds, bookings, operators, teeSlots } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { loadBookingRecord } from '../booking-access/booking-access.repository.ts';
import { BOOKING_MESSAGES } from '../bookings/booking-messages.ts';
import { lockSlots } from '../bookings/bookings.repository.ts';
import { isCapacityViolation } from '../bookings/save-booking.ts';
import { routeNow } from '../courses/clock.ts';
import { listCourses } from '../courses/courses.repository.ts';
import { livePlayersBySlot } from '../diary/live-bookings.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import type { PaymentIntent } from '../payments/payment-provider.ts';
import { listPlayerTypes } from '../players/players.repository.ts';
import { bookingPinHash, newBookingPin } from './booking-pin.ts';
import { confirmationEmail } from './confirmation-email.ts';
import { signConfirmationLink } from './confirmation-link.ts';

export const CONFIRMATION_MESSAGES = {
  notPaid: 'We have not received your payment yet. Please complete the payment and try again.',
  wrongBooking: 'This payment does not belong to this booking.',
  amountMismatch:
    'The amount paid does not match the amount due on this booking. Please contact us quoting your booking number.',
  wrongCurrency:
    'This payment was not made in pounds sterling. Please contact us quoting your booking number.',
  otherPayment: 'This booking has already been paid for with another payment.',
  placesTakenRefunded: (amount: number) =>
    'Sorry, your reservation time ran out before the payment was completed and the tee times you chose have ' +
    `since been booked by someone else, so we could not confirm your booking. Your payment of ${formatMoney(amount)} ` +
    'has been refunded in full to your card.',
} as const;

export type ConfirmOutcome = {
  bookingId: number;
  bookingNumber: string;
  /** False when an earlier call (the browser or the webhook) had already confirmed it with this payment. */
  newlyConfirmed: boolean;
  sessionKey: string | null;
};

/** The provider's truth must say: paid, in pounds, for this booking (the amount is checked under the lock). */
function checkIntent(intent: PaymentIntent, bookingId: number): void {
  if (intent.booking_id !== bookingId || intent.metadata.booking_id !== String(bookingId)) {
    throw conflict(CONFIRMATION_MESSAGES.wrongBooking, 'payment_mismatch');
  }
  if (intent.status !== 'succeeded') {
    throw new AppError('payment_not_succeeded', 402, CONFIRMATION_MESSAGES.notPaid);
  }
  if (intent.currency !== 'gbp') throw conflict(CONFIRMATION_MESSAGES.wrongCurrency, 'payment_mismatch');
}

/**
 * What the booking's card payment must be: the deposit for an operator's deposit booking (whose intent must
 * also name the booking's current payable in metadata.payable_pence, so a deposit opened before a re-price
 * cannot confirm), else the whole payable. paidPence becomes this amount when it is paid.
 */
export function expectedCardAmount(
  booking: Pick<LockedBooking, 'paymentMethod' | 'depositPence' | 'payablePence'>,
) {
  return booking.paymentMethod === 'deposit' ? booking.depositPence : booking.payablePence;
}

export type LockedBooking = {
  id: number;
  bookingNumber: string;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  holdActive: boolean;
  payablePence: number | null;
  netPence: number | null;
  vatPence: number | null;
  paymentIntentId: string | null;
  playerDetails: unknown;
  sessionKey: string | null;
  operatorId: number | null;
  paymentMethod: 'online' | 'deposit' | 'offline' | null;
  depositPence: number | null;
  balanceDueAt: Date | null;
};

/** Lock order shared with the booking engine: the booking row first, then its tee slots by ascending id. */
export async function lockBooking(tx: Tx, bookingId: number): Promise<LockedBooking | undefined> {
  const [row] = await tx
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      holdActive: sql<boolean>`coalesce(${bookings.holdExpiresAt} > now(), false)`,
      payablePence: bookings.payablePence,
      netPence: bookings.netPence,
      vatPence: bookings.vatPence,
      paymentIntentId: bookings.paymentIntentId,
      playerDetails: bookings.playerDetails,
      sessionKey: bookings.sessionKey,
      operatorId: bookings.operatorId,
      paymentMethod: bookings.paymentMethod,
      depositPence: bookings.depositPence,
      balanceDueAt: bookings.balanceDueAt,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  return row ? { ...row, holdActive: Boolean(row.holdActive) } : undefined;
}

/**
 * A lapsed hold: its places may have gone back to the public. Takes the slot locks (ascending id) and answers
 * whether every round still fits beside the other live bookings; the capacity triggers stay the backstop.
 */
async function placesStillFree(tx: Tx, bookingId: number, now: Date): Promise<boolean> {
  const rounds = await tx
    .select({ slotId: bookingRounds.slotId, players: bookingRounds.players })
    .from(bookingRounds)
    .where(eq(bookingRounds.bookingId, bookingId));
  if (rounds.length === 0) return false;
  const slots = await lockSlots(
    tx,
    rounds.map((round) => round.slotId),
  );
  const taken = await livePlayersBySlot(
    tx,
    rounds.map((round) => round.slotId),
    { excludeBookingId: bookingId },
  );
  return rounds.every((round) => {
    const slot = slots.get(round.slotId);
    if (!slot || slot.blocked || slot.startsAt.getTime() <= now.getTime()) return false;
    return (taken.get(round.slotId) ?? 0) + round.players <= slot.capacity;
  });
}

export type Reference = {
  courseNames: Map<number, string>;
  playerTypeNames: Map<number, string>;
};

// Read outside the transaction: on PGlite (one connection) a query on app.db inside it would wait forever.
export async function loadReference(app: FastifyInstance): Promise<Reference> {
  const [courses, playerTypes] = await Promise.all([listCourses(app.db), listPlayerTypes(app.db)]);
  return {
    courseNames: new Map(courses.map((course) => [course.id, course.name])),
    playerTypeNames: new Map(playerTypes.map((type) => [type.id, type.name])),
  };
}

/** Who the e-mail goes to: the golfer for an individual booking, the operator's account e-mail for theirs. */
async function recipient(
  tx: Tx,
  booking: LockedBooking,
): Promise<{ email: string; greeting: string; leadPlayer: string | null } | null> {
  if (booking.operatorId !== null) {
    const details = operatorPlayerDetailsSchema.safeParse(booking.playerDetails);
    const [operator] = await tx
      .select({ email: operators.email, companyName: operators.companyName })
      .from(operators)
      .where(eq(operators.id, booking.operatorId));
    if (!operator || !details.success) return null;
    return {
      email: operator.email,
      greeting: operator.companyName,
      leadPlayer: `${details.data.first_name} ${details.data.surname}`,
    };
  }
  const details = individualPlayerDetailsSchema.safeParse(booking.playerDetails);
  if (!details.success) return null;
  return { email: details.data.email_address, greeting: details.data.first_name, leadPlayer: null };
}

async function queueConfirmationEmail(
  app: FastifyInstance,
  tx: Tx,
  booking: LockedBooking,
  reference: Reference,
  pin: string,
  paid: number,
): Promise<boolean> {
  const to = await recipient(tx, booking);
  if (!to) return false;
  const rounds = await tx
    .select({ courseId: bookingRounds.courseId, startsAt: teeSlots.startsAt, caddies: bookingRounds.caddies })
    .from(bookingRounds)
    .innerJoin(teeSlots, eq(teeSlots.id, bookingRounds.slotId))
    .where(eq(bookingRounds.bookingId, booking.id))
    .orderBy(asc(bookingRounds.courseId));
  const golfers = await tx
    .select({
      position: bookingGolfers.position,
      playerTypeId: bookingGolfers.playerTypeId,
      totalPence: bookingGolfers.totalPence,
    })
    .from(bookingGolfers)
    .where(eq(bookingGolfers.bookingId, booking.id))
    .orderBy(asc(bookingGolfers.position));
  const link = signConfirmationLink({
    secret: app.config.linkSigningSecret,
    publicUrl: app.config.publicUrl,
    bookingNumber: booking.bookingNumber,
  });
  const payable = booking.payablePence ?? 0;
  const record = await loadBookingRecord(tx, booking.id);
  if (!record) return false;
  const message = confirmationEmail(
    to.email,
    {
      bookingNumber: booking.bookingNumber,
      firstName: to.greeting,
      leadPlayer: to.leadPlayer,
      rounds: rounds.map((round) => ({
        courseName: reference.courseNames.get(round.courseId) ?? `Course ${round.courseId}`,
        startsAt: round.startsAt,
        caddies: round.caddies,
      })),
      golfers: golfers.map((golfer) => ({
        position: golfer.position,
        playerType: reference.playerTypeNames.get(golfer.playerTypeId) ?? 'Golfer',
        totalPence: golfer.totalPence,
      })),
      totals: {
        net: booking.netPence ?? 0,
        vat: booking.vatPence ?? 0,
        payable,
        paid,
      },
      balanceDue:
        payable - paid > 0 && booking.balanceDueAt
          ? { amountPence: payable - paid, dueDate: formatLongDate(londonDate(booking.balanceDueAt)) }
          : null,
      record,
    },
    pin,
    link.url,
  );
  await enqueueMail(tx, message);
  return true;
}

/**
 * The one confirmation step every path shares (a paid card intent, an operator's pay-later booking): status
 * confirmed, what has been paid, a fresh PIN (only its keyed hash is stored) and the confirmation e-mail in the
 * outbox, all in the caller's transaction, which holds the booking row lock.
 */
export async function confirmLockedBooking(
  app: FastifyInstance,
  tx: Tx,
  booking: LockedBooking,
  reference: Reference,
  payment: { paidPence: number; paymentIntentId: string | null; newsletter: boolean },
): Promise<void> {
  const pin = newBookingPin();
  const details =
    booking.playerDetails && typeof booking.playerDetails === 'object'
      ? { ...(booking.playerDetails as Record<string, unknown>) }
      : booking.playerDetails;
  if (payment.newsletter && details && typeof details === 'object') {
    (details as Record<string, unknown>).stay_connected = true;
  }
  await tx
    .update(bookings)
    .set({
      status: 'confirmed',
      paidPence: payment.paidPence,
      paymentIntentId: payment.paymentIntentId,
      pinHash: bookingPinHash(app.config.linkSigningSecret, booking.id, pin),
      playerDetails: details,
      confirmedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, booking.id));
  const mailed = await queueConfirmationEmail(app, tx, booking, reference, pin, payment.paidPence);
  if (!mailed) app.log.error({ bookingId: booking.id }, 'confirmed booking has no usable contact details');
}

type TransactionResult = { kind: 'confirmed'; outcome: ConfirmOutcome } | { kind: 'refund' };

/**
 * Confirms a booking from a payment intent the provider has just reported (never from what a browser said).
 * One transaction locks the booking row, checks it is not already confirmed, re-takes the places of a lapsed
 * hold if they are still free, and writes the confirmation, the PIN hash and the outbox e-mail together, so a
 * second record call or the webhook racing it confirms once and mails once. When a lapsed hold's places have
 * gone, the payment is refunded (idempotently, outside the transaction) and a 409 tells the golfer so.
 */
export async function confirmPaidBooking(
  app: FastifyInstance,
  intent: PaymentIntent,
  bookingId: number,
  options: { newsletter?: boolean } = {},
): Promise<ConfirmOutcome> {
  checkIntent(intent, bookingId);
  const reference = await loadReference(app);
  let result: TransactionResult;
  try {
    result = await app.db.transaction(async (tx): Promise<TransactionResult> => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking) throw notFound(BOOKING_MESSAGES.unknownBooking, 'booking_not_found');
      const outcome = {
        bookingId: booking.id,
        bookingNumber: booking.bookingNumber,
        sessionKey: booking.sessionKey,
      };
      if (booking.status === 'confirmed') {
        if (booking.paymentIntentId !== intent.id) {
          throw conflict(CONFIRMATION_MESSAGES.otherPayment, 'booking_confirmed');
        }
        return { kind: 'confirmed', outcome: { ...outcome, newlyConfirmed: false } };
      }
      const staleDeposit =
        booking.paymentMethod === 'deposit' && intent.metadata.payable_pence !== String(booking.payablePence);
      if (intent.amount !== expectedCardAmount(booking) || staleDeposit) {
        throw conflict(CONFIRMATION_MESSAGES.amountMismatch, 'payment_amount_mismatch');
      }
      if (booking.status === 'cancelled') return { kind: 'refund' };
      const holdLive = booking.status === 'held' && booking.holdActive;
      if (!holdLive && !(await placesStillFree(tx, booking.id, routeNow(app.config)))) {
        await tx
          .update(bookings)
          .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(bookings.id, booking.id));
        return { kind: 'refund' };
      }
      await confirmLockedBooking(app, tx, booking, reference, {
        paidPence: intent.amount,
        paymentIntentId: intent.id,
        newsletter: options.newsletter ?? false,
      });
      return { kind: 'confirmed', outcome: { ...outcome, newlyConfirmed: true } };
    });
  } catch (error) {
    // The triggers refused the re-take: someone took the places between our count and the update.
    if (!isCapacityViolation(error)) throw error;
    await app.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(sql`${bookings.id} = ${bookingId} and ${bookings.status} <> 'confirmed'`);
    result = { kind: 'refund' };
  }
  if (result.kind === 'confirmed') return result.outcome;
  await app.payments.refund({ intentId: intent.id, idempotencyKey: `refund-${bookingId}` });
  app.log.warn(
    { bookingId, paymentIntent: intent.id },
    'paid after the hold lapsed and the places had gone: refunded',
  );
  throw conflict(CONFIRMATION_MESSAGES.placesTakenRefunded(intent.amount), 'places_taken_refunded');
}
