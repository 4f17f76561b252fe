import type { ForgotPasswordRequest } from '@links/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/forgot-password: the same answer whether or not the account exists. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<void> {
  return api.post<void>('/forgot-password', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
