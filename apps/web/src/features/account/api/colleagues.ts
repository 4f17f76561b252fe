import type { Colleague, InviteColleagueRequest } from '@links/shared/schemas/operator-colleagues';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';

export const COLLEAGUES_QUERY_KEY = ['user', 'colleagues'] as const;

/** GET /v1/user/colleagues: the company's colleagues (its administrator only). */
export function useColleagues() {
  return useQuery({
    queryKey: COLLEAGUES_QUERY_KEY,
    queryFn: () => api.get<Colleague[]>('/user/colleagues'),
    retry: 1,
  });
}

/** POST /v1/user/colleagues: opens the colleague's account and e-mails them the link to choose a password. */
export function useInviteColleague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteColleagueRequest) => api.post<Colleague>('/user/colleagues', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLEAGUES_QUERY_KEY }),
  });
}

/** DELETE /v1/user/colleagues/{id}: the colleague is signed out everywhere at once. */
export function useRemoveColleague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Colleague>(`/user/colleagues/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLEAGUES_QUERY_KEY }),
  });
}
