import type { DataOf } from '@links/shared/schemas/envelope';
import type { paymentConfigResponseSchema } from '@links/shared/schemas/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Which card provider takes payments: the server decides (its CSP allows Stripe.js only when Stripe is set up). */
export type PaymentConfig = DataOf<typeof paymentConfigResponseSchema>;

export function getPaymentConfig(): Promise<PaymentConfig> {
  return api.get<PaymentConfig>('/payments/config');
}

export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payment-config'], queryFn: getPaymentConfig, staleTime: Infinity });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
