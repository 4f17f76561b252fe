import type { UpdatePasswordRequest } from '@links/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '@/features/auth/api/get-user';
import { api } from '@/lib/api-client';

/** POST /v1/user/{id}/account: changes the password; the server signs out the operator's other sessions. */
export function updatePassword(operatorId: number, body: UpdatePasswordRequest): Promise<void> {
  return api.post<void>(`/user/${operatorId}/account`, body);
}

export function useUpdatePassword(operatorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePasswordRequest) => updatePassword(operatorId, body),
    // A one-time password is replaced now: the session's answer no longer asks for a change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY, exact: true }),
  });
}
