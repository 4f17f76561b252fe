import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
      // Anything read for the previous session (e.g. account details) must not show for the next one.
      queryClient.removeQueries({
        queryKey: USER_QUERY_KEY,
        predicate: (query) => query.queryKey.length > 1,
      });
    },
  });
}
