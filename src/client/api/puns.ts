// The signed-in user's pun for today and submitting it (spec §4 Submission).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { myPunTodayResponse, punResponse, SubmitPunRequest } from '#shared/api';
import { ApiError, apiRequest } from './client';
import { streakQueryKeyRoot } from './streaks';

export const myPunTodayQueryKey = ['puns', 'mine', 'today'] as const;

export const myPunTodayQueryOptions = queryOptions({
  queryKey: myPunTodayQueryKey,
  queryFn: ({ signal }) =>
    apiRequest<typeof myPunTodayResponse>('/api/puns/mine/today', { signal }),
});

export function useMyPunToday() {
  return useQuery(myPunTodayQueryOptions);
}

export function useSubmitPun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitPunRequest) =>
      apiRequest<typeof punResponse>('/api/puns', { method: 'POST', body: input }),
    onSuccess: ({ pun }) => {
      queryClient.setQueryData(myPunTodayQueryKey, { day: pun.day, pun });
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
      // Issue 8: today's pun may start or extend the streak.
      void queryClient.invalidateQueries({ queryKey: streakQueryKeyRoot });
    },
    onError: (error) => {
      // spec §4: a pun already exists for today, so the form is marked done.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: myPunTodayQueryKey });
      }
    },
  });
}
