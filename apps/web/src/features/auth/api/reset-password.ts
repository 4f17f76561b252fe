import type { ResetPasswordRequest, ValidateTokenRequest } from '@links/shared/schemas/auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/**
 * POST /v1/validate-token: true when the link can still be used. Any refusal from the server (unknown, used or
 * expired token) is "not valid"; only a failure to reach it is an error.
 */
export async function validateResetToken(body: ValidateTokenRequest): Promise<boolean> {
  try {
    await api.post<void>('/validate-token', body);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      return false;
    }
    throw error;
  }
}

export const resetTokenQueryOptions = (link: ValidateTokenRequest) =>
  queryOptions({
    queryKey: ['reset-token', link.username, link.token],
    queryFn: () => validateResetToken(link),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export function useResetTokenCheck(link: ValidateTokenRequest | null) {
  return useQuery({
    ...resetTokenQueryOptions(link ?? { username: '', token: '' }),
    enabled: link !== null,
  });
}

/** POST /v1/reset: sets the new password and uses up the link. */
export function resetPassword(body: ResetPasswordRequest): Promise<void> {
  return api.post<void>('/reset', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
