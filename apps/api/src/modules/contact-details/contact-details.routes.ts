import { bookingIdParamsSchema } from '@links/shared/schemas/bookings';
import { individualPlayerDetailsSchema } from '@links/shared/schemas/contact-details';
import {
  OPERATOR_ONLY_FIELDS,
  operatorPlayerDetailsSchema,
  saveDetailsResponseSchema,
} from '@links/shared/schemas/operator-contact-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, validationFailed } from '../../lib/app-error.ts';
import { errorEnvelopeSchema, errorResponses } from '../../lib/envelope.ts';
import { sessionKey } from '../../lib/session-token.ts';
import { bookingOperator } from '../auth/current-operator.ts';
import { sessionRequired } from '../bookings/save-booking.ts';
import { saveContactDetails } from './save-contact-details.ts';
import { OPERATOR_BOOKING_MESSAGES, saveOperatorDetails } from './save-operator-details.ts';

const errors = errorResponses(400, 402, 403, 404, 409, 410);

/** Parses with the form's schema and answers like the route validator: 400, the first message per field. */
function parseDetails<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length === 0 ? '_' : issue.path.join('.');
    fields[key] ??= issue.message;
  }
  throw validationFailed(fields);
}

/** Step 2, 'Contact details': the lead golfer's details (a visitor's or a tour operator's) and the payment it opens. */
export const contactDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/bookings/:id/details',
    {
      schema: {
        summary: 'Saves the contact details of a held booking and opens its payment (step 2 Continue)',
        description:
          'The spec leaves this call open; it is PATCH /v1/bookings/{id}/details. Only the browser session that ' +
          'made the held, unexpired booking may call it. A visitor sends the individual player details of spec ' +
          'section 3 (section 5 messages; for a lead_player the lead player name and country are the surname ' +
          'and country) and gets the payment intent for the server-priced payable (the same intent again for ' +
          'the same booking and amount) and confirmation_url null; a visitor body carrying payment_method or ' +
          'terms_and_conditions_agreed is refused 403 operator_only. A signed-in tour operator sends the ' +
          'tour-operator player details (first_name, surname, lead_player_country_code, payment_method online | ' +
          'deposit | offline, terms_and_conditions_agreed true). Deposit needs the operator deposit_amount above ' +
          '0, and deposit and offline need every round more than 30 days away (UK date), else 422 ' +
          'payment_method_unavailable on field payment_method. online: intent for the payable; deposit: intent ' +
          'for round(payable x deposit_amount / 100) pence (half a penny up); both with confirmation_url null. ' +
          'offline: confirmed now with nothing paid (PIN and e-mail to the operator), payment_intent null and ' +
          'confirmation_url the signed confirmation page path. The payment schedule of section 9 is recorded.',
        tags: ['bookings'],
        params: bookingIdParamsSchema,
        body: z.record(z.string(), z.unknown()),
        response: {
          200: saveDetailsResponseSchema,
          401: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      if (!request.sessionId) throw sessionRequired();
      const key = sessionKey(request.sessionId);
      const signedIn = await bookingOperator(request);
      let data: z.infer<typeof saveDetailsResponseSchema>['data'];
      if (signedIn) {
        const details = parseDetails(operatorPlayerDetailsSchema, request.body);
        data = await saveOperatorDetails(app, request.params.id, details, {
          sessionKey: key,
          operator: signedIn.operator,
        });
      } else {
        if (OPERATOR_ONLY_FIELDS.some((field) => field in request.body)) {
          throw forbidden(OPERATOR_BOOKING_MESSAGES.operatorOnly, 'operator_only');
        }
        const details = parseDetails(individualPlayerDetailsSchema, request.body);
        data = await saveContactDetails(app, request.params.id, details, key);
      }
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );
};
