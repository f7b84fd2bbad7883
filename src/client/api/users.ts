// Other players: search by display name (spec §5 Friend search) and one player's profile for the
// user pun-list page (spec §2).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { userListResponse, userProfile } from '#shared/api';
import { apiRequest } from './client';

export const userSearchQueryKeyRoot = ['users', 'search'] as const;

// spec §5: the query is trimmed (the server lowercases and prefix-matches); empty means no search.
export function normalizeSearch(query: string): string {
  return query.trim();
}

export function userSearchQuery(query: string) {
  const q = normalizeSearch(query);
  return queryOptions({
    queryKey: [...userSearchQueryKeyRoot, q] as const,
    queryFn: ({ signal }) =>
      apiRequest<typeof userListResponse>(`/api/users/search?${new URLSearchParams({ q })}`, {
        signal,
      }),
    enabled: q !== '',
    staleTime: 10_000,
  });
}

// While the next query runs, the last results stay rather than flashing a spinner per keystroke.
export function useUserSearch(query: string) {
  return useQuery({ ...userSearchQuery(query), placeholderData: keepPreviousData });
}

export function userQueryKey(userId: string) {
  return ['user', userId] as const;
}

export function userProfileQuery(userId: string) {
  return queryOptions({
    queryKey: userQueryKey(userId),
    queryFn: ({ signal }) =>
      apiRequest<typeof userProfile>(`/api/users/${encodeURIComponent(userId)}`, { signal }),
  });
}

export function useUserProfile(userId: string, enabled = true) {
  return useQuery({ ...userProfileQuery(userId), enabled });
}
