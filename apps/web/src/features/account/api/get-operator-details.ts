import type { OperatorDetails } from '@links/shared/schemas/operator-account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const OPERATOR_DETAILS_QUERY_KEY = ['user', 'details'] as const;

/** GET /v1/user/details: the signed-in operator's contact and address details. */
export function getOperatorDetails(): Promise<OperatorDetails> {
  return api.get<OperatorDetails>('/user/details');
}

export const operatorDetailsQueryOptions = () =>
  queryOptions({ queryKey: OPERATOR_DETAILS_QUERY_KEY, queryFn: getOperatorDetails, retry: 1 });

export function useOperatorDetails() {
  return useQuery(operatorDetailsQueryOptions());
}
