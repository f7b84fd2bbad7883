// Streaks (issue 8): the signed-in player's own (the header pill) and another player's (their
// page). Every key starts with 'streak', so one invalidation refreshes them all. The hooks, which
// also listen to live events, are in streak-live.ts.
import { queryOptions } from '@tanstack/react-query';
import { msUntilLaMidnight } from '#shared/la-day';
import type { streakResponse } from '#shared/streaks';
import { apiRequest } from './client';

export const streakQueryKeyRoot = ['streak'] as const;
export const myStreakQueryKey = ['streak', 'me'] as const;

export function userStreakQueryKey(userId: string) {
  return ['streak', 'user', userId] as const;
}

// A streak changes when a pun is submitted (which invalidates it) and when the Los Angeles day
// turns (a run that ended yesterday becomes one that ended two days ago): ask again just after.
const untilNextDay = () => msUntilLaMidnight(Date.now()) + 2_000;

export const myStreakQuery = queryOptions({
  queryKey: myStreakQueryKey,
  queryFn: ({ signal }) => apiRequest<typeof streakResponse>('/api/me/streak', { signal }),
  staleTime: 60_000,
  refetchInterval: untilNextDay,
});

export function userStreakQuery(userId: string) {
  return queryOptions({
    queryKey: userStreakQueryKey(userId),
    queryFn: ({ signal }) =>
      apiRequest<typeof streakResponse>(`/api/users/${encodeURIComponent(userId)}/streak`, {
        signal,
      }),
    staleTime: 60_000,
    refetchInterval: untilNextDay,
  });
}
