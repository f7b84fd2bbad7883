// A shared pun (issue 8: the public page /p/{punId}). Public: no session needed.
import { queryOptions } from '@tanstack/react-query';
import type { sharedPunResponse } from '#shared/share';
import { apiRequest } from './client';

export function sharedPunQueryKey(punId: string) {
  return ['share', punId] as const;
}

export function sharedPunQuery(punId: string) {
  return queryOptions({
    queryKey: sharedPunQueryKey(punId),
    queryFn: ({ signal }) =>
      apiRequest<typeof sharedPunResponse>(`/api/share/${encodeURIComponent(punId)}`, { signal }),
  });
}
