import { bookingIdParamsSchema } from '@links/shared/schemas/bookings';
import {
  individualPlayerDetailsSchema,
  recordPaymentBodySchema,
  recordPaymentResponseSchema,
  saveContactDetailsResponseSchema,
} from '@links/shared/schemas/contact-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, isAppError } from '../../lib/app-error.ts';
import { errorEnvelopeSchema } from '../../lib/envelope.ts';
import { sessionKey } from '../../lib/session-token.ts';
import { sessionRequired } from '../bookings/save-booking.ts';
import { intentNotFound } from '../payments/sandbox-provider.ts';
import { confirmPaidBooking } from './confirm-booking.ts';
import { signConfirmationLink } from './confirmation-link.ts';
import { saveContactDetails } from './save-contact-details.ts';

const errors = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
};

/** Step 2 (contact details and the payment intent) and the payment record that confirms a booking. */
export const confirmationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The webhook and the sandbox report provider truth here; the same idempotent confirmation as the browser's
  // record call, so whichever arrives first confirms and the other finds it done.
  const unsubscribe = app.paymentEvents.onPaymentIntentUpdated(async (intent) => {
    if (intent.status !== 'succeeded' || intent.booking_id === null) return;
    try {
      await confirmPaidBooking(app, intent, intent.booking_id);
    } catch (error) {
      // A refusal (wrong amount, places gone and refunded) is final: retrying the event would not change it.
      if (!isAppError(error)) throw error;
      app.log.warn(
        { bookingId: intent.booking_id, code: error.code },
        'paid intent did not confirm its booking',
      );
    }
  });
  app.addHook('onClose', async () => unsubscribe());

  app.patch(
    '/bookings/:id/details',
    {
      schema: {
        summary: 'Saves the contact details of a held booking and opens its payment (step 2 Continue)',
        description:
          'The spec leaves this call open; it is PATCH /v1/bookings/{id}/details. Body: the individual player ' +
          'details of spec section 3, validated with the section 5 messages; for a lead_player the lead player ' +
          'name and country are the surname and country. Only the browser session that made the held, ' +
          'unexpired booking may call it. Answers the payment intent for the server-priced payable amount ' +
          '(the same intent again for the same booking and amount) and confirmation_url null.',
        tags: ['bookings'],
        params: bookingIdParamsSchema,
        body: individualPlayerDetailsSchema,
        response: { 200: saveContactDetailsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.sessionId) throw sessionRequired();
      const data = await saveContactDetails(
        app,
        request.params.id,
        request.body,
        sessionKey(request.sessionId),
      );
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  app.patch(
    '/bookings/:id/payment',
    {
      schema: {
        summary: 'Records a payment: confirms the booking if the provider says it is paid',
        description:
          'Re-reads the intent from the payment provider (redirect parameters are never proof) and confirms ' +
          'only a succeeded GBP intent for this booking and its full payable amount. Idempotent with the ' +
          'webhook: the booking is confirmed, and its e-mail sent, once. A hold paid after it lapsed is ' +
          're-taken if its places are still free, else refunded and answered 409 places_taken_refunded. ' +
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
      const outcome = await confirmPaidBooking(app, intent, booking_id, { newsletter });
      const ownSession =
        request.sessionId !== undefined &&
        request.sessionId !== null &&
        outcome.sessionKey === sessionKey(request.sessionId);
      const confirmationUrl = ownSession
        ? signConfirmationLink({
            secret: app.config.linkSigningSecret,
            publicUrl: app.config.publicUrl,
            bookingNumber: outcome.bookingNumber,
          }).path
        : `/confirmation/${outcome.bookingNumber}`;
      reply.header('cache-control', 'no-store');
      return { data: { confirmation_url: confirmationUrl } };
    },
  );
};
