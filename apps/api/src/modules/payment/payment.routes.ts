import { formatMoney } from '@links/shared/money';
import { bookingIdParamsSchema } from '@links/shared/schemas/bookings';
import { bookingNumberParamsSchema } from '@links/shared/schemas/confirmation';
import { recordPaymentBodySchema, recordPaymentResponseSchema } from '@links/shared/schemas/contact-details';
import {
  DUE_PAYMENT_MESSAGES,
  duePaymentIntentResponseSchema,
  recordDuePaymentBodySchema,
  startDuePaymentBodySchema,
} from '@links/shared/schemas/due-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, conflict, isAppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/envelope.ts';
import { sessionKey } from '../../lib/session-token.ts';
import { roundsOfBookings } from '../bookings/bookings.repository.ts';
import { bookingChangeRoutes } from '../confirmation/booking-change-routes.ts';
import { bookingToChange } from '../confirmation/confirmation-access.ts';
import { lastRoundStart, signBookingLink } from '../confirmation/confirmation-link.ts';
import { dataRoutes, noStore } from '../data-route.ts';
import { intentNotFound } from '../payment-provider/sandbox-provider.ts';
import { checkPaidIntentOf } from './confirm-booking.ts';
import { isDuePayment, startDuePayment } from './due-payment.ts';
import { refundedAnswer, settlePaidIntent } from './settle-payment.ts';

const errors = errorResponses(400, 402, 403, 404, 409, 410);
const dueErrors = errorResponses(400, 402, 403, 404, 409, 422);

/**
 * Step 3, 'Make your payment': the payment record that confirms a booking, and the same settlement for the provider's
 * own reports (webhook, sandbox).
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The webhook and the sandbox report provider truth here; the same idempotent confirmation as the browser's
  // record call, so whichever arrives first confirms and the other finds it done.
  // A failure (database or provider down) fails the webhook, which the provider then retries; the reconciliation job
  // settles it in any case.
  const unsubscribe = app.paymentEvents.onPaymentIntentUpdated(async (intent) => {
    if (intent.status !== 'succeeded' || intent.booking_id === null) return;
    try {
      await settlePaidIntent(app, intent);
    } catch (error) {
      // A payment naming no booking of ours is for a person to look at (the reconciliation job logs it as needing
      // attention); retrying the event would not change it.
      if (!isAppError(error) || error.code !== 'booking_not_found') throw error;
      app.log.error({ paymentIntent: intent.id }, 'a paid intent names no booking');
    }
  });
  app.addHook('onClose', async () => unsubscribe());

  app.patch(
    '/bookings/:id/payment',
    {
      schema: {
        summary: 'Records a payment: confirms the booking if the provider says it is paid',
        description:
          'Re-reads the intent from the payment provider (redirect parameters are never proof) and confirms ' +
          'only a succeeded GBP intent for this booking and the amount it owes by card now (the payable, or ' +
          'the deposit of a tour operator deposit booking); paid becomes that amount. Idempotent with the ' +
          'webhook and the reconciliation job: the booking is confirmed, and its e-mail sent, once. A hold paid ' +
          'after it lapsed is re-taken if its places are still free. A succeeded payment that cannot pay for the ' +
          'booking as it now is is refunded in full once, the contact e-mailed once, and answered 409 with a ' +
          'message saying so: payment_amount_mismatch (the booking changed after the payment was opened), ' +
          'booking_confirmed (already paid with another payment), booking_cancelled, places_taken_refunded ' +
          '(the lapsed hold lost its places). ' +
          'confirmation_url is the signed confirmation page for the session that made the booking, else the ' +
          'plain page (which asks for the PIN).',
        tags: ['bookings'],
        params: bookingIdParamsSchema,
        body: recordPaymentBodySchema,
        response: { 200: recordPaymentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { booking_id, payment_intent, newsletter } = request.body;
      if (booking_id !== request.params.id) {
        throw badRequest(
          'The booking id does not match the address.',
          { booking_id: 'The booking id does not match the address.' },
          'validation_failed',
        );
      }
      const intent = await app.payments.retrieveIntent(payment_intent);
      if (!intent) throw intentNotFound();
      checkPaidIntentOf(intent, booking_id);
      const settlement = await settlePaidIntent(app, intent, { newsletter });
      if (settlement.kind === 'refunded') throw refundedAnswer(settlement);
      const { outcome } = settlement;
      const ownSession =
        request.sessionId !== undefined &&
        request.sessionId !== null &&
        outcome.sessionKey === sessionKey(request.sessionId);
      // Valid until after the last round, as the e-mailed links are (a booking on terms is played months later).
      const confirmationUrl = ownSession
        ? signBookingLink(
            app.config,
            outcome.bookingNumber,
            app.clock.now(),
            lastRoundStart(await roundsOfBookings(app.db, [outcome.bookingId])),
          ).path
        : `/confirmation/${outcome.bookingNumber}`;
      reply.header('cache-control', 'no-store');
      return { data: { confirmation_url: confirmationUrl } };
    },
  );

  // The booking page's due payments: the same access and answer as the page's own writes.
  const bookingPageRoute = dataRoutes(app, ['confirmation']);

  bookingPageRoute.post(
    '/bookings/:bookingNumber/due-payments',
    {
      summary: 'Opens a card payment of what is due on a confirmed booking (deposit rest or balance)',
      description:
        'For a session that may open the booking (the signed-in tour operator it was made for, or a session ' +
        'unlocked by the signed link of a reminder e-mail or the PIN). Body { booking_id (the booking number), ' +
        'amount (pence) }: at least £1.00 (or the whole due when less) and at most what is due now (422 ' +
        'due_payment_not_allowed otherwise; nothing_due when the booking owes nothing). Answers the intent ' +
        "the card form confirms; the same amount again returns the one already open. It is paid in the payer's " +
        'session only (no off-session charges) and recorded by the record call, the webhook or the ' +
        'reconciliation job, whichever comes first.',
      params: bookingNumberParamsSchema,
      body: startDuePaymentBodySchema,
      response: duePaymentIntentResponseSchema,
      errors: dueErrors,
    },
    async (request, reply) => {
      const booking = await bookingToChange(app, request);
      const intent = await startDuePayment(app, booking.id, request.body.amount);
      noStore(reply);
      return intent;
    },
  );

  bookingChangeRoutes(app, dueErrors).post(
    '/bookings/:bookingNumber/due-payments/record',
    {
      summary: 'Records a paid due payment: the booking takes it, and the receipt e-mail is queued',
      description:
        'Re-reads the intent from the provider (never trusts the browser): only a succeeded due payment of this ' +
        'booking is recorded, once, whichever of this call, the webhook and the reconciliation job comes ' +
        'first. One that can no longer be used (the booking was cancelled, or another payment lowered the due ' +
        'below it) is refunded in full and answered 409 due_payment_refunded. Answers the updated booking.',
      body: recordDuePaymentBodySchema,
    },
    async (booking, body) => {
      const intent = await app.payments.retrieveIntent(body.payment_intent);
      if (!intent) throw intentNotFound();
      if (!isDuePayment(intent) || intent.booking_id !== booking.id) {
        throw conflict(DUE_PAYMENT_MESSAGES.notThisBooking, 'payment_mismatch');
      }
      if (intent.status !== 'succeeded') {
        throw new AppError('payment_not_succeeded', 402, DUE_PAYMENT_MESSAGES.notPaid);
      }
      const settlement = await settlePaidIntent(app, intent);
      if (settlement.kind === 'refunded') {
        throw conflict(DUE_PAYMENT_MESSAGES.refunded(formatMoney(settlement.amount)), 'due_payment_refunded');
      }
    },
  );
};
