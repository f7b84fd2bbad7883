// Today's challenge (spec §3 Daily challenge): the Create tab and the header's tooltip read it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Challenge, todayChallengeResponse } from '#shared/api';
import { laDayOf } from '#shared/la-day';
import { apiRequest } from './client';

export const todayChallengeQueryKey = ['challenge', 'today'] as const;

export const todayChallengeQueryOptions = queryOptions({
  queryKey: todayChallengeQueryKey,
  queryFn: ({ signal }) =>
    apiRequest<typeof todayChallengeResponse>('/api/challenge/today', { signal }),
});

export function useTodayChallenge() {
  return useQuery(todayChallengeQueryOptions);
}

/**
 * The challenge to show, if any. After a failed refetch the cached one is still shown while it is
 * for the current Los Angeles day (say, restored from the offline cache); an older one is not.
 */
export function shownChallenge(
  query: Pick<ReturnType<typeof useTodayChallenge>, 'data' | 'isError'>,
  now = Date.now(),
): Challenge | undefined {
  const challenge = query.data?.challenge;
  if (!challenge || (query.isError && challenge.day !== laDayOf(now))) return undefined;
  return challenge;
}
