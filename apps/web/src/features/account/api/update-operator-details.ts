import type { OperatorDetails, UpdateOperatorDetailsRequest } from '@links/shared/schemas/operator-account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OPERATOR_DETAILS_QUERY_KEY } from './get-operator-details';

/** POST /v1/user/details: answers the details as stored (the telephone in international form). */
export function updateOperatorDetails(body: UpdateOperatorDetailsRequest): Promise<OperatorDetails> {
  return api.post<OperatorDetails>('/user/details', body);
}

export function useUpdateOperatorDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperatorDetails,
    onSuccess: (details) => {
      queryClient.setQueryData(OPERATOR_DETAILS_QUERY_KEY, details);
    },
  });
}
