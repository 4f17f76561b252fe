import {
  type PublicPaymentIntent,
  paymentConfigResponseSchema,
  sandboxConfirmBodySchema,
  sandboxIntentResponseSchema,
} from '@links/shared/schemas/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.ts';
import { dataEnvelope } from '../../lib/envelope.ts';
import { SIGNED_WEBHOOK_GUARDS } from '../../plugins/request-guards.ts';
import { handlePaymentWebhook } from './handle-payment-webhook.ts';
import type { PaymentIntent } from './payment-provider.ts';
import { allowedReturnUrl } from './return-url.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';

export function publicPaymentIntent(intent: PaymentIntent): PublicPaymentIntent {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.client_secret,
    last_payment_error: intent.last_payment_error,
    next_action: intent.next_action,
  };
}

const intentParams = z.object({ id: z.string().trim().min(1).max(255) });
const clientSecret = sandboxConfirmBodySchema.shape.client_secret;

const webhookAnswer = z.object({
  received: z.literal(true),
  event_id: z.string(),
  outcome: z.enum(['processed', 'ignored', 'duplicate']),
});

/** /v1 routes of the payments module: provider config for the web, the provider webhook, the sandbox card API. */
export const paymentProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/config',
    {
      schema: {
        response: {
          200: paymentConfigResponseSchema,
        },
      },
    },
    async () => ({ data: app.payments.publicConfig() }),
  );

  await app.register(async (webhooks) => {
    // Signatures are computed over the exact bytes sent, so this route (alone) keeps the body as a Buffer.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.post(
      '/webhooks/stripe',
      {
        config: { guards: SIGNED_WEBHOOK_GUARDS },
        schema: { response: { 200: dataEnvelope(webhookAnswer) } },
      },
      async (request) => {
        const rawBody = request.body;
        if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) {
          throw badRequest('The webhook body is empty.', undefined, 'webhook_event_invalid');
        }
        const signature = request.headers['stripe-signature'];
        const result = await handlePaymentWebhook({
          db: app.db,
          provider: app.payments,
          events: app.paymentEvents,
          rawBody,
          signature: Array.isArray(signature) ? signature[0] : signature,
        });
        return { data: { received: true as const, ...result } };
      },
    );
  });

  const provider = app.payments;
  if (!(provider instanceof SandboxPaymentProvider)) return;

  app.get(
    '/sandbox/payment_intents/:id',
    {
      schema: {
        params: intentParams,
        querystring: z.object({ client_secret: clientSecret }),
        response: { 200: sandboxIntentResponseSchema },
      },
    },
    async (request) => {
      const intent = await provider.retrieveWithClientSecret(request.params.id, request.query.client_secret);
      return { data: { payment_intent: publicPaymentIntent(intent) } };
    },
  );

  app.post(
    '/sandbox/payment_intents/:id/confirm',
    {
      schema: {
        params: intentParams,
        body: sandboxConfirmBodySchema,
        response: { 200: sandboxIntentResponseSchema },
      },
    },
    async (request) => {
      const { client_secret, card, return_url } = request.body;
      const returnUrl = allowedReturnUrl(return_url, app.config);
      if (!returnUrl) {
        throw badRequest(
          'The return address must be a page on this site.',
          { return_url: 'The return address must be a page on this site.' },
          'validation_failed',
        );
      }
      const intent = await provider.confirmWithCard({
        id: request.params.id,
        clientSecret: client_secret,
        card,
        returnUrl,
      });
      return { data: { payment_intent: publicPaymentIntent(intent) } };
    },
  );
};
