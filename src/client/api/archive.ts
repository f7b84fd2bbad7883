// The challenge archive (issue 8): the list of past days, and one day's ranked puns. A day's key
// starts with 'feed', so reactions, moderation and blocks patch or refresh it like every feed
// (its pages are feed pages with the day's challenge beside them). The list is not a feed.
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { FeedPage, ReactionCounts } from '#shared/api';
import type {
  ArchiveDayResponse,
  ArchiveListResponse,
  archiveDayResponse,
  archiveListResponse,
} from '#shared/archive';
import { ARCHIVE_PAGE_DEFAULT } from '#shared/archive-text';
import { apiRequest } from './client';

export const archiveListQueryKey = ['archive', 'list'] as const;

export function archiveDayQueryKey(day: string) {
  return ['feed', 'archive', day] as const satisfies QueryKey;
}

function pageParams(cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(ARCHIVE_PAGE_DEFAULT) });
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export function archiveListQuery() {
  return infiniteQueryOptions({
    queryKey: archiveListQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<typeof archiveListResponse>(`/api/archive?${pageParams(pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ArchiveListResponse) => last.nextCursor,
    // Crowns given on a day's page change its top pun: coming back to the list asks again.
    staleTime: 0,
  });
}

/** The list's top puns with a pun's new counts (a live `reactions` event), in place. */
export function updateTopPunInArchive(
  queryClient: QueryClient,
  punId: string,
  reactions: ReactionCounts,
): void {
  queryClient.setQueryData<InfiniteData<ArchiveListResponse, string | null>>(
    archiveListQueryKey,
    (data) => {
      if (!data?.pages.some((page) => page.days.some((d) => d.topPun?.id === punId))) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          days: page.days.map((d) =>
            d.topPun?.id === punId ? { ...d, topPun: { ...d.topPun, reactions } } : d,
          ),
        })),
      };
    },
  );
}

function fetchArchiveDay(day: string, cursor: string | null, signal: AbortSignal) {
  return apiRequest<typeof archiveDayResponse>(
    `/api/archive/${encodeURIComponent(day)}?${pageParams(cursor)}`,
    { signal },
  );
}

/** A day's pages with their challenge: what the screen's heading reads. */
export function archiveDayQuery(day: string) {
  return infiniteQueryOptions({
    queryKey: archiveDayQueryKey(day) as readonly unknown[],
    queryFn: ({ pageParam, signal }) => fetchArchiveDay(day, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ArchiveDayResponse) => last.nextCursor,
  });
}

/**
 * The same query (same key, same request) seen as a plain feed, for PunFeed: each page is a
 * feed page with the challenge beside it, so it is one, and the feed helpers that patch puns in
 * place keep the extra fields.
 */
export function archiveDayFeedQuery(day: string) {
  return infiniteQueryOptions({
    queryKey: archiveDayQueryKey(day) as readonly unknown[],
    queryFn: ({ pageParam, signal }): Promise<FeedPage> => fetchArchiveDay(day, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.nextCursor,
  });
}
