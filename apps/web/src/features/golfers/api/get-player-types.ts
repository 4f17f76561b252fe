import { REQUESTED_PLAYER_TYPE_IDS } from '@links/shared/constants';
import type { DataOf } from '@links/shared/schemas/envelope';
import type { playersResponseSchema } from '@links/shared/schemas/players';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getPlayerTypes() {
  return api.get<DataOf<typeof playersResponseSchema>>('/players', {
    query: { types: REQUESTED_PLAYER_TYPE_IDS.join(',') },
  });
}

export const playerTypesQueryOptions = () =>
  // Player types change with a new season at most; one load per visit is enough.
  queryOptions({
    queryKey: ['player-types', ...REQUESTED_PLAYER_TYPE_IDS],
    queryFn: getPlayerTypes,
    staleTime: Infinity,
  });

export function usePlayerTypes() {
  return useQuery(playerTypesQueryOptions());
}
