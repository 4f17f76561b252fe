import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.ts';
import { dataEnvelope } from '../../lib/envelope.ts';
import { SIGNED_WEBHOOK_GUARDS } from '../../plugins/request-guards.ts';
import { handlePaymentWebhook } from './handle-payment-webhook.ts';
import type { PaymentIntent } from './payment-provider.ts';
import { allowedReturnUrl } from './return-url.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';

const paymentErrorSchema = z.object({
  type: z.enum(['card_error', 'invalid_request_error']),
  code: z.string(),
  decline_code: z.string().optional(),
  message: z.string(),
});

/** What a browser holding the client secret may see of an intent (Stripe.js shows the same fields). */
export const publicPaymentIntentSchema = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum([
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'succeeded',
    'canceled',
  ]),
  client_secret: z.string().nullable(),
  last_payment_error: paymentErrorSchema.nullable(),
  next_action: z
    .object({
      type: z.literal('redirect_to_url'),
      redirect_to_url: z.object({ url: z.string(), return_url: z.string() }),
    })
    .nullable(),
});

export function publicPaymentIntent(intent: PaymentIntent): z.infer<typeof publicPaymentIntentSchema> {
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
const clientSecret = z.string().min(1, 'The client secret is required.').max(512);

const sandboxConfirmBody = z.object({
  client_secret: clientSecret,
  card: z.object({
    number: z.string().max(40),
    exp_month: z
      .number()
      .int()
      .min(1, "Your card's expiration month is invalid.")
      .max(12, "Your card's expiration month is invalid."),
    exp_year: z.number().int().min(0).max(9999),
    cvc: z.string().max(8),
  }),
  return_url: z.string().min(1).max(2048),
});

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
          200: dataEnvelope(
            z.object({ mode: z.enum(['sandbox', 'stripe']), publishable_key: z.string().nullable() }),
          ),
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
        response: { 200: dataEnvelope(z.object({ payment_intent: publicPaymentIntentSchema })) },
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
        body: sandboxConfirmBody,
        response: { 200: dataEnvelope(z.object({ payment_intent: publicPaymentIntentSchema })) },
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
