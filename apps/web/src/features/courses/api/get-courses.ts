import type { coursesResponseSchema } from '@links/shared/schemas/courses';
import type { DataOf } from '@links/shared/schemas/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getCourses() {
  return api.get<DataOf<typeof coursesResponseSchema>>('/courses');
}

export const coursesQueryOptions = () =>
  // Spec section 7: the course list is not refetched on mount.
  queryOptions({ queryKey: ['courses'], queryFn: getCourses, staleTime: Infinity, refetchOnMount: false });

export function useCourses() {
  return useQuery(coursesQueryOptions());
}
