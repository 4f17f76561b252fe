import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** The signed-in tour operator (spec section 3, "Tour operator (session)"). */
export type Operator = {
  id: number;
  company_name: string;
  status: string;
  deposit_amount: number;
  is_authenticated: boolean;
};

export type UserResponse = {
  ID?: number | string;
  id?: number | string;
  company_name?: string;
  status?: string | number;
  deposit_amount?: number | string;
} | null;

export function toOperator(data: UserResponse): Operator | null {
  const id = Number(data?.ID ?? data?.id);
  if (!data || !Number.isFinite(id) || id <= 0) return null;
  return {
    id,
    company_name: data.company_name ?? '',
    status: String(data.status ?? ''),
    deposit_amount: Number(data.deposit_amount ?? 0) || 0,
    is_authenticated: true,
  };
}

export const USER_QUERY_KEY = ['user'] as const;

/**
 * The session check. A failed call, 401 or 404 all mean "signed out": an anonymous visitor must be
 * able to book, so the session check never blocks the page.
 */
export async function getUser(): Promise<Operator | null> {
  try {
    return toOperator(await api.get<UserResponse>('/user'));
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
