import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * The sandbox checkout's confirm call as its card form sends it: `card` over an expiry two years on and a security
 * code (so only what a test gives can be wrong), `fields` over the intent's client secret (the return address and
 * any field a test forges).
 */
export function confirmSandboxIntent(
  app: FastifyInstance,
  headers: Record<string, string>,
  intent: { id: string; client_secret: string | null },
  card: Record<string, unknown>,
  fields: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/v1/sandbox/payment_intents/${intent.id}/confirm`,
    headers,
    payload: {
      client_secret: intent.client_secret,
      card: { exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', ...card },
      ...fields,
    },
  });
}
