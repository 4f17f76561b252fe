import type { availabilityResponseSchema } from '@links/shared/schemas/availability';
import type { DataOf } from '@links/shared/schemas/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getMonthAvailability(courseId: number, month: string) {
  return api.get<DataOf<typeof availabilityResponseSchema>>(`/courses/${courseId}/availability`, {
    query: { month },
  });
}

export const monthAvailabilityQueryOptions = (courseId: number, month: string) =>
  // Spec section 7: refetched on mount and not cached, so a calendar never shows yesterday's picture.
  queryOptions({
    queryKey: ['availability', courseId, month],
    queryFn: () => getMonthAvailability(courseId, month),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });

export function useMonthAvailability(courseId: number, month: string) {
  return useQuery(monthAvailabilityQueryOptions(courseId, month));
}
