import type { OperatorSession, userResponseSchema } from '@links/shared/schemas/auth';
import type { DataOf } from '@links/shared/schemas/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** The signed-in tour operator (spec section 3, "Tour operator (session)"). */
export type Operator = OperatorSession & { is_authenticated: true };

export function toOperator(data: OperatorSession | null): Operator | null {
  return data ? { ...data, is_authenticated: true } : null;
}

export const USER_QUERY_KEY = ['user'] as const;

/**
 * The session check. A failed call, 401 or 404 all mean "signed out": an anonymous visitor must be
 * able to book, so the session check never blocks the page.
 */
export async function getUser(): Promise<Operator | null> {
  try {
    return toOperator(await api.get<DataOf<typeof userResponseSchema>>('/user'));
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUser, staleTime: 5 * 60_000, retry: false });

export function useUser() {
  const query = useQuery(userQueryOptions());
  return { operator: query.data ?? null, isLoading: query.isPending };
}
