import type { FastifyBaseLogger } from 'fastify';
import type { PaymentIntent, PaymentProvider } from './payment-provider.ts';

/**
 * Closes an intent that can no longer pay for its booking (another replaced it, or the booking was re-priced), so
 * that it cannot be paid later: cancelled at the provider unless it is already final or processing (both providers'
 * cancelIntent leave those as they are). Never throws: an intent left open is refunded if it is paid, and the
 * reconciliation job cancels it on a later pass. Answers the intent as it is afterwards, or null when unreachable.
 */
export async function cancelIntentIfOpen(
  payments: PaymentProvider,
  log: FastifyBaseLogger,
  intentId: string,
): Promise<PaymentIntent | null> {
  try {
    return await payments.cancelIntent(intentId);
  } catch (error) {
    log.warn(
      { err: error, paymentIntent: intentId },
      'could not cancel a payment intent that can no longer be used',
    );
    return null;
  }
}
