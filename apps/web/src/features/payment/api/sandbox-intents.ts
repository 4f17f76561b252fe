import type { DataOf } from '@links/shared/schemas/envelope';
import type {
  ProviderPaymentError,
  PublicPaymentIntent,
  SandboxConfirmBody,
  sandboxIntentResponseSchema,
} from '@links/shared/schemas/payments';
import { api } from '@/lib/api-client';

// The sandbox provider's browser calls (apps/api modules/payment-provider/payment-provider.routes.ts), the test-mode stand-in for Stripe.js's
// confirmCardPayment and retrievePaymentIntent. Only mounted by the API when Stripe is not configured.

export type { ProviderPaymentError };
export type ProviderPaymentIntent = PublicPaymentIntent;
type SandboxIntentAnswer = DataOf<typeof sandboxIntentResponseSchema>;

/** The intent id is the client secret's prefix: 'pi_x_secret_y' belongs to 'pi_x' (as with Stripe). */
export function intentIdFromClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : null;
}

export async function retrieveSandboxIntent(clientSecret: string): Promise<ProviderPaymentIntent> {
  const id = intentIdFromClientSecret(clientSecret);
  if (!id) throw new Error('Not a payment intent client secret');
  const data = await api.get<SandboxIntentAnswer>(`/sandbox/payment_intents/${encodeURIComponent(id)}`, {
    query: { client_secret: clientSecret },
  });
  return data.payment_intent;
}

export type SandboxCardBody = SandboxConfirmBody['card'];

export async function confirmSandboxIntent(input: {
  clientSecret: string;
  card: SandboxCardBody;
  returnUrl: string;
}): Promise<ProviderPaymentIntent> {
  const id = intentIdFromClientSecret(input.clientSecret);
  if (!id) throw new Error('Not a payment intent client secret');
  const data = await api.post<SandboxIntentAnswer>(
    `/sandbox/payment_intents/${encodeURIComponent(id)}/confirm`,
    {
      client_secret: input.clientSecret,
      card: input.card,
      return_url: input.returnUrl,
    } satisfies SandboxConfirmBody,
  );
  return data.payment_intent;
}
