import type { DataOf } from '@links/shared/schemas/envelope';
import type { timeResponseSchema } from '@links/shared/schemas/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clockOffsetMs } from '../countdown';

/** GET /v1/time: how far the client clock is behind the server's (spec section 4, fetched once per visit). */
export async function getClockOffset(): Promise<number> {
  const sentAt = Date.now();
  // A read: it never waits on GET /csrf (apiFetch).
  const { server_time } = await api.get<DataOf<typeof timeResponseSchema>>('/time');
  return clockOffsetMs(server_time, sentAt, Date.now());
}

export const clockOffsetQueryOptions = queryOptions({
  queryKey: ['server-time-offset'],
  queryFn: getClockOffset,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 1,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

/**
 * The offset in ms once known; 0 when the time call failed (the device clock is then the best there is); null while
 * it is still loading, so no countdown starts on an uncorrected clock.
 */
export function useClockOffset(enabled: boolean): number | null {
  const query = useQuery({ ...clockOffsetQueryOptions, enabled });
  if (query.isSuccess) return query.data;
  if (query.isError) return 0;
  return null;
}
