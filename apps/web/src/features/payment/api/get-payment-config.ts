import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Which card provider takes payments: the server decides (its CSP allows Stripe.js only when Stripe is set up). */
export type PaymentConfig = { mode: 'sandbox' | 'stripe'; publishable_key: string | null };

export function getPaymentConfig(): Promise<PaymentConfig> {
  return api.get<PaymentConfig>('/payments/config');
}

export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payment-config'], queryFn: getPaymentConfig, staleTime: Infinity });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
