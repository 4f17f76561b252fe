import { REQUESTED_PLAYER_TYPE_IDS } from '@links/shared/constants';
import type { PlayerType } from '@links/shared/schemas/players';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getPlayerTypes(): Promise<PlayerType[]> {
  return api.get<PlayerType[]>('/players', { query: { types: REQUESTED_PLAYER_TYPE_IDS.join(',') } });
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
