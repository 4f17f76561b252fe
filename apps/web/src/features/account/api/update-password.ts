import type { UpdatePasswordRequest } from '@links/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/user/{id}/account: changes the password; the server signs out the operator's other sessions. */
export function updatePassword(operatorId: number, body: UpdatePasswordRequest): Promise<void> {
  return api.post<void>(`/user/${operatorId}/account`, body);
}

export function useUpdatePassword(operatorId: number) {
  return useMutation({ mutationFn: (body: UpdatePasswordRequest) => updatePassword(operatorId, body) });
}
