import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USER_QUERY_KEY } from './get-user';

export function logout(): Promise<void> {
  return api.post<void>('/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(USER_QUERY_KEY, null);
    },
  });
}
