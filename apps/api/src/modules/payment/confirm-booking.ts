import { formatMoney } from '@links/shared/money';
import { individualPlayerDetailsSchema } from '@links/shared/schemas/contact-details';
import { operatorPlayerDetailsSchema } from '@links/shared/schemas/operator-contact-details';
import { formatLongDate, londonDate } from '@links/shared/uk-time';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookingRounds, bookings, operators } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { bookingHoldActive, lockBookingRow, lockSlots } from '../bookings/bookings.repository.ts';
import { bookingPinHash, newBookingPin } from '../confirmation/booking-pin.ts';
import { loadBookingRecord } from '../confirmation/confirmation.repository.ts';
import { confirmationEmail } from '../confirmation/confirmation-email.tsx';
import { lastRoundStart, signBookingLink } from '../confirmation/confirmation-link.ts';
import { listCourses } from '../courses/courses.repository.ts';
import { withInvoice } from '../invoices/invoice-attachment.ts';
import { type InvoiceRow, issueInvoice } from '../invoices/issue-invoice.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import type { PaymentIntent } from '../payment-provider/payment-provider.ts';
import { listPlayerTypes } from '../player-types/player-types.repository.ts';
import { livePlayersBySlot } from '../tee-sheet/live-bookings.ts';

/** What this use case needs of the app (any object with these members: the app, or a test's own). */
export type ConfirmBookingDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'log'>;

export const CONFIRMATION_MESSAGES = {
  notPaid: 'We have not received your payment yet. Please complete the payment and try again.',
  wrongBooking: 'This payment does not belong to this booking.',
  otherPayment: 'This booking has already been paid for with another payment.',
  amountMismatchRefunded: (amount: number) =>
    'Your booking changed after this payment was started, so the payment did not match the amount due and could ' +
    `not be used. Your payment of ${formatMoney(amount)} has been refunded in full to your card. Please check your ` +
    'booking and pay the amount now due.',
  paidTwiceRefunded: (amount: number) =>
    'This booking had already been paid for with another payment, so this payment of ' +
    `${formatMoney(amount)} has been refunded in full to your card.`,
  cancelledRefunded: (amount: number) =>
    'This booking was cancelled before the payment was completed, so your payment of ' +
    `${formatMoney(amount)} has been refunded in full to your card.`,
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

/**
 * What the browser's record call must show before anything is settled: the provider says this intent, of this
 * booking, is paid. Amount and currency are the settlement's to judge, under the booking's lock.
 */
export function checkPaidIntentOf(intent: PaymentIntent, bookingId: number): void {
  if (intent.booking_id !== bookingId || intent.metadata.booking_id !== String(bookingId)) {
    throw conflict(CONFIRMATION_MESSAGES.wrongBooking, 'payment_mismatch');
  }
  if (intent.status !== 'succeeded') {
    throw new AppError('payment_not_succeeded', 402, CONFIRMATION_MESSAGES.notPaid);
  }
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
  paidPence: number | null;
  netPence: number | null;
  vatPence: number | null;
  paymentIntentId: string | null;
  playerDetails: unknown;
  sessionKey: string | null;
  operatorId: number | null;
  paymentMethod: 'online' | 'deposit' | 'offline' | null;
  depositPence: number | null;
  depositDueAt: Date | null;
  balanceDueAt: Date | null;
  cancelledReason: string | null;
};

/** Lock order shared with the booking engine: the booking row first, then its tee slots by ascending id. */
export async function lockBooking(tx: Tx, bookingId: number): Promise<LockedBooking | undefined> {
  return lockBookingRow(tx, bookingId, {
    id: bookings.id,
    bookingNumber: bookings.bookingNumber,
    status: bookings.status,
    holdActive: bookingHoldActive,
    payablePence: bookings.payablePence,
    paidPence: bookings.paidPence,
    netPence: bookings.netPence,
    vatPence: bookings.vatPence,
    paymentIntentId: bookings.paymentIntentId,
    playerDetails: bookings.playerDetails,
    sessionKey: bookings.sessionKey,
    operatorId: bookings.operatorId,
    paymentMethod: bookings.paymentMethod,
    depositPence: bookings.depositPence,
    depositDueAt: bookings.depositDueAt,
    balanceDueAt: bookings.balanceDueAt,
    cancelledReason: bookings.cancelledReason,
  });
}

/**
 * A lapsed hold: its places may have gone back to the public. Takes the slot locks (ascending id) and answers
 * whether every round still fits beside the other live bookings; the capacity triggers stay the backstop.
 */
export async function placesStillFree(tx: Tx, bookingId: number, now: Date): Promise<boolean> {
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

// Read outside the transaction: on PGlite (one connection) a query on deps.db inside it would wait forever.
export async function loadReference(deps: ConfirmBookingDeps): Promise<Reference> {
  const [courses, playerTypes] = await Promise.all([listCourses(deps.db), listPlayerTypes(deps.db)]);
  return {
    courseNames: new Map(courses.map((course) => [course.id, course.name])),
    playerTypeNames: new Map(playerTypes.map((type) => [type.id, type.name])),
  };
}

/** Who the e-mail goes to: the golfer for an individual booking, the operator's account e-mail for theirs. */
export async function recipient(
  tx: Tx,
  booking: LockedBooking,
): Promise<{ email: string; greeting: string; leadPlayer: string | null; leadGolfer: string } | null> {
  if (booking.operatorId !== null) {
    const details = operatorPlayerDetailsSchema.safeParse(booking.playerDetails);
    const [operator] = await tx
      .select({ email: operators.email, companyName: operators.companyName })
      .from(operators)
      .where(eq(operators.id, booking.operatorId));
    if (!operator || !details.success) return null;
    const leadPlayer = `${details.data.first_name} ${details.data.surname}`;
    return { email: operator.email, greeting: operator.companyName, leadPlayer, leadGolfer: leadPlayer };
  }
  const details = individualPlayerDetailsSchema.safeParse(booking.playerDetails);
  if (!details.success) return null;
  // The booker plays (lead_player), or names the golfer who leads the group (booking_player).
  const { player_type, first_name, surname, lead_player_name } = details.data;
  const leadGolfer = player_type === 'lead_player' ? `${first_name} ${surname}` : lead_player_name;
  return { email: details.data.email_address, greeting: first_name, leadPlayer: null, leadGolfer };
}

async function queueConfirmationEmail(
  deps: ConfirmBookingDeps,
  tx: Tx,
  booking: LockedBooking,
  reference: Reference,
  pin: string,
  paid: number,
  invoice: InvoiceRow | null,
): Promise<boolean> {
  const to = await recipient(tx, booking);
  if (!to) return false;
  const record = await loadBookingRecord(tx, booking.id);
  if (!record) return false;
  const { rounds, golfers } = record;
  const link = signBookingLink(deps.config, booking.bookingNumber, deps.clock.now(), lastRoundStart(rounds));
  const payable = booking.payablePence ?? 0;
  const message = await confirmationEmail(
    to.email,
    {
      bookingNumber: booking.bookingNumber,
      firstName: to.greeting,
      leadPlayer: to.leadPlayer,
      leadGolfer: to.leadGolfer,
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
    deps.config.brand,
  );
  // A card payment's receipt, the VAT invoice, goes with the confirmation.
  await enqueueMail(tx, invoice ? await withInvoice(message, invoice, deps.config) : message, {
    bookingId: booking.id,
  });
  return true;
}

/**
 * The one confirmation step every path shares (a paid card intent, an operator's pay-later booking): status
 * confirmed, what has been paid, a fresh PIN (only its keyed hash is stored) and the confirmation e-mail in the
 * outbox, all in the caller's transaction, which holds the booking row lock.
 */
export async function confirmLockedBooking(
  deps: ConfirmBookingDeps,
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
      pinHash: bookingPinHash(deps.config.linkSigningSecret, booking.id, pin),
      playerDetails: details,
      confirmedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, booking.id));
  const invoice =
    payment.paymentIntentId && payment.paidPence > 0
      ? await issueInvoice(tx, {
          kind: 'invoice',
          bookingId: booking.id,
          sourceKey: `card:${payment.paymentIntentId}`,
          grossPence: payment.paidPence,
          what: booking.paymentMethod === 'deposit' ? 'Deposit paid by card' : 'Card payment',
          at: deps.clock.now(),
        })
      : null;
  const mailed = await queueConfirmationEmail(deps, tx, booking, reference, pin, payment.paidPence, invoice);
  if (!mailed) deps.log.error({ bookingId: booking.id }, 'confirmed booking has no usable contact details');
}
