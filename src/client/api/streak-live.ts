// The streak hooks: the queries of streaks.ts, refreshed by live events.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from './live';
import { myStreakQuery, streakQueryKeyRoot, userStreakQuery } from './streaks';

/** Streaks refetch when the user's own pun arrives from another tab, or the server's day turns. */
function useStreakLiveUpdates(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: streakQueryKeyRoot });
    const offChallenge = onLiveEvent('challenge', refresh);
    const offPun = onLiveEvent('pun', (event) => {
      if (event.userId === userId) refresh();
    });
    return () => {
      offChallenge();
      offPun();
    };
  }, [queryClient, userId]);
}

export function useMyStreak(myId: string) {
  useStreakLiveUpdates(myId);
  return useQuery(myStreakQuery);
}

export function useUserStreak(userId: string) {
  useStreakLiveUpdates(userId);
  return useQuery(userStreakQuery(userId));
}
