// Today's challenge (spec §3 Daily challenge): the Create tab and the header's tooltip read it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { todayChallengeResponse } from '#shared/api';
import { apiRequest } from './client';

export const todayChallengeQueryKey = ['challenge', 'today'] as const;

export const todayChallengeQueryOptions = queryOptions({
  queryKey: todayChallengeQueryKey,
  queryFn: ({ signal }) => apiRequest('/api/challenge/today', todayChallengeResponse, { signal }),
});

export function useTodayChallenge() {
  return useQuery(todayChallengeQueryOptions);
}
