import type { PricedBooking } from '@links/shared/pricing';
import type { DataOf } from '@links/shared/schemas/envelope';
import type { TicketPricesBody, ticketPricesResponseSchema } from '@links/shared/schemas/ticket-prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTicketPrices(body: TicketPricesBody): Promise<PricedBooking> {
  return api.post<DataOf<typeof ticketPricesResponseSchema>>('/tickets/prices', body);
}

/** `requestKey` is the JSON of the body: one cache entry per combination of golfers, courses and dates. */
export const ticketPricesQueryOptions = (requestKey: string) =>
  queryOptions({
    queryKey: ['ticket-prices', requestKey],
    queryFn: () => getTicketPrices(JSON.parse(requestKey) as TicketPricesBody),
    staleTime: 5 * 60_000,
  });

/** Prices are asked for only when every course has a tee time (spec section 4): pass null until then. */
export function useTicketPrices(requestKey: string | null) {
  return useQuery({ ...ticketPricesQueryOptions(requestKey ?? ''), enabled: requestKey !== null });
}
