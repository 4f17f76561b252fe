import type { LoginRequest, loginResponseSchema } from '@links/shared/schemas/auth';
import type { DataOf } from '@links/shared/schemas/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Operator, toOperator, USER_QUERY_KEY } from './get-user';

/** Spec section 8: a login answer without data. */
export const LOGIN_NO_DATA_MESSAGE = 'An error occurred while handling the data';

/** POST /v1/login: the server rotates the session and anti-forgery cookies and answers the operator. */
export async function login(body: LoginRequest): Promise<Operator> {
  const operator = toOperator(await api.post<DataOf<typeof loginResponseSchema>>('/login', body));
  if (!operator) throw new Error(LOGIN_NO_DATA_MESSAGE);
  return operator;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (operator) => {
      queryClient.setQueryData(USER_QUERY_KEY, operator);
      // Anything read for the previous session (e.g. account details) must not show for the next one.
      queryClient.removeQueries({
        queryKey: USER_QUERY_KEY,
        predicate: (query) => query.queryKey.length > 1,
      });
    },
  });
}
