import type { OperatorBookings, OperatorBookingsQueryInput } from '@links/shared/schemas/operator-bookings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/user/bookings: the signed-in operator's own bookings, as filtered. */
export function useOwnBookings(query: OperatorBookingsQueryInput) {
  return useQuery({
    queryKey: ['user', 'bookings', query],
    queryFn: ({ signal }) =>
      api.get<OperatorBookings>('/user/bookings', {
        query: Object.fromEntries(
          Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
        ),
        signal,
      }),
    // The table keeps its rows while a new filter loads, instead of jumping to a spinner.
    placeholderData: keepPreviousData,
  });
}
