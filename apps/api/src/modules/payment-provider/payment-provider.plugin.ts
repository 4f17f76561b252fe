import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { PaymentEvents } from './payment-events.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { withQueryParameters } from './return-url.ts';
import {
  renderChallengePage,
  renderInvalidChallengePage,
  SANDBOX_3DS_STYLESHEET,
  SANDBOX_3DS_STYLESHEET_PATH,
} from './sandbox-3ds-page.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider: the sandbox, or Stripe when STRIPE_SECRET_KEY is set. */
    payments: PaymentProvider;
    /** Where the booking engine subscribes to provider truth about intents (webhooks, sandbox). */
    paymentEvents: PaymentEvents;
  }
}

export function createPaymentProvider(app: FastifyInstance, events: PaymentEvents): PaymentProvider {
  const { config, db, log } = app;
  if (config.stripe) return new StripePaymentProvider({ db, settings: config.stripe, log });
  return new SandboxPaymentProvider({ db, events, log, webhookSecret: config.stripeWebhookSecret });
}

/**
 * Decorates the app with `payments` and `paymentEvents` (registered before the /v1 routes so every module can use
 * them) and, in sandbox mode, serves the 3-D Secure test page outside /v1: a browser navigates to it, so it is an
 * HTML page with a form, not an API call.
 */
export const paymentProviderPlugin = fp(
  async (app: FastifyInstance) => {
    const events = new PaymentEvents();
    const provider = createPaymentProvider(app, events);
    app.decorate('paymentEvents', events);
    app.decorate('payments', provider);
    if (provider instanceof SandboxPaymentProvider) {
      if (app.config.isProduction) {
        app.log.warn('payments: STRIPE_SECRET_KEY is not set, so the test-mode sandbox takes the payments');
      }
      await app.register(sandboxChallengePages, { provider });
    }
  },
  { name: 'payments' },
);

const FORM_BODY_LIMIT_BYTES = 4 * 1024;
const TOKEN_PATTERN = /^[A-Za-z0-9]{20,100}$/;
const paramsSchema = z.object({ id: z.string().min(1).max(255) });

async function sandboxChallengePages(app: FastifyInstance, options: { provider: SandboxPaymentProvider }) {
  const { provider } = options;
  const { site } = app.securityHeaders;

  // The challenge form posts urlencoded fields; the app otherwise accepts JSON only, so this parser stays local.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const sendHtml = (reply: import('fastify').FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .headers(site)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);

  app.get(SANDBOX_3DS_STYLESHEET_PATH, async (_request, reply) =>
    reply
      .headers(site)
      .header('cache-control', 'public, max-age=3600')
      .type('text/css; charset=utf-8')
      .send(SANDBOX_3DS_STYLESHEET),
  );

  app.get('/sandbox/3ds/:id', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const token = (request.query as { token?: unknown }).token;
    if (!params.success || typeof token !== 'string' || !TOKEN_PATTERN.test(token)) {
      return sendHtml(reply, 404, renderInvalidChallengePage());
    }
    const intent = await provider.findChallenge(params.data.id, token);
    if (!intent) return sendHtml(reply, 404, renderInvalidChallengePage());
    return sendHtml(reply, 200, renderChallengePage(intent, token, app.config.brand.resortName));
  });

  // Protected against cross-site forgery by the one-time token: only the page served for this intent carries it,
  // and it is consumed by the same update that answers the challenge.
  app.post('/sandbox/3ds/:id', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { token, outcome } = body;
    if (
      !params.success ||
      typeof token !== 'string' ||
      !TOKEN_PATTERN.test(token) ||
      (outcome !== 'complete' && outcome !== 'fail')
    ) {
      return sendHtml(reply, 400, renderInvalidChallengePage());
    }
    const answer = await provider.answerChallenge(params.data.id, token, outcome);
    if (!answer) return sendHtml(reply, 400, renderInvalidChallengePage());
    const { intent } = answer;
    const location = withQueryParameters(answer.returnUrl, {
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret ?? '',
      redirect_status: intent.status === 'succeeded' ? 'succeeded' : 'failed',
    });
    return reply.headers(site).header('cache-control', 'no-store').redirect(location, 303);
  });
}
