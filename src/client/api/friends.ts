// Friends (spec §4 Friendship): the signed-in user's friend list, and adding or removing one.
// After either, everything that depends on who is a friend is asked for again.
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { friendshipResponse, userListResponse } from '#shared/api';
import { apiRequest } from './client';
import { friendsFeedQueryKey } from './feeds';
import { userQueryKey, userSearchQueryKeyRoot } from './users';

export const friendsQueryKey = ['friends'] as const;

export const friendsQuery = queryOptions({
  queryKey: friendsQueryKey,
  queryFn: ({ signal }) => apiRequest<typeof userListResponse>('/api/friends', { signal }),
});

export function useFriends() {
  return useQuery(friendsQuery);
}

function refreshAfterFriendshipChange(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: friendsQueryKey }),
    queryClient.invalidateQueries({ queryKey: userSearchQueryKeyRoot }),
    queryClient.invalidateQueries({ queryKey: friendsFeedQueryKey }),
    queryClient.invalidateQueries({ queryKey: userQueryKey(userId) }),
  ]);
}

function friendPath(userId: string): string {
  return `/api/friends/${encodeURIComponent(userId)}`;
}

export function useAddFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<typeof friendshipResponse>(friendPath(userId), { method: 'PUT' }),
    networkMode: 'always',
    // spec §4: a 409 (already a friend) still means they are one: refresh either way.
    onSettled: (_answer, _error, userId) => refreshAfterFriendshipChange(queryClient, userId),
  });
}

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<typeof friendshipResponse>(friendPath(userId), { method: 'DELETE' }),
    networkMode: 'always',
    onSettled: (_answer, _error, userId) => refreshAfterFriendshipChange(queryClient, userId),
  });
}
