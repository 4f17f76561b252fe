import type { Stripe } from '@stripe/stripe-js';
import type { ProviderPaymentIntent } from './sandbox-intents';

// Stripe.js, loaded from js.stripe.com (as Stripe requires) only when the server is in Stripe mode.

const stripes = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe.js's retrievePaymentIntent, in the sandbox's shape: the status after a redirect. */
export async function retrieveStripeIntent(
  publishableKey: string,
  clientSecret: string,
): Promise<
  Pick<ProviderPaymentIntent, 'id' | 'status' | 'amount'> & { last_payment_error: { message: string } | null }
> {
  const stripe = await getStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load');
  const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
  if (error || !paymentIntent) throw new Error(error?.message ?? 'The payment could not be read');
  return {
    id: paymentIntent.id,
    status: paymentIntent.status as ProviderPaymentIntent['status'],
    amount: paymentIntent.amount,
    last_payment_error: paymentIntent.last_payment_error?.message
      ? { message: paymentIntent.last_payment_error.message }
      : null,
  };
}
