import type { CaddiePriceRange } from '@links/shared/caddies';
import type { caddiePricesResponseSchema } from '@links/shared/schemas/caddie-prices';
import type { DataOf } from '@links/shared/schemas/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const TWELVE_HOURS_MS = 12 * 60 * 60 * 1000;

export function getCaddiePrices(startDate: string): Promise<CaddiePriceRange[]> {
  return api.post<DataOf<typeof caddiePricesResponseSchema>>('/caddies/prices', { startDate });
}

export const caddiePricesQueryOptions = (startDate: string) =>
  // Spec section 9: price ranges are cached for 12 hours.
  queryOptions({
    queryKey: ['caddie-prices', startDate],
    queryFn: () => getCaddiePrices(startDate),
    staleTime: TWELVE_HOURS_MS,
    gcTime: TWELVE_HOURS_MS,
  });

export function useCaddiePrices(startDate: string, enabled: boolean) {
  return useQuery({ ...caddiePricesQueryOptions(startDate), enabled });
}
