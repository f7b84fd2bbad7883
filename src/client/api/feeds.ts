// Feeds (spec §2 Dashboard Global and Friends, the user pun-list page, the log-in screen's top
// puns). Each feed's query options are built once here; components and tests use the same ones.
// Every feed's key starts with 'feed', so a reaction can patch all of them at once.
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import type { FeedPage, feedPage, GlobalPeriod, Pun, topWeekResponse } from '#shared/api';
import { LANDING_TOP_PUNS } from '#shared/constants';
import { apiRequest } from './client';

export const FEED_PAGE_SIZE = 20;

export type FeedData = InfiniteData<FeedPage, string | null>;

export const feedQueryKeyRoot = ['feed'] as const;
export const friendsFeedQueryKey = ['feed', 'friends'] as const;
export const topWeekPublicQueryKey = ['topWeekPublic'] as const;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

// spec §9: the feed's start of day is the browser's local midnight, not Los Angeles'.
export function localDayKey(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** [local midnight of `now`'s day + offset, the next local midnight): DST days are 23 or 25 h. */
export function localDayRange(now: Date, offsetDays: number): { from: Date; to: Date } {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate() + offsetDays;
  return { from: new Date(y, m, d), to: new Date(y, m, d + 1) };
}

function withCursor(params: URLSearchParams, cursor: string | null): string {
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(FEED_PAGE_SIZE));
  return params.toString();
}

function feedOptions(queryKey: readonly unknown[], path: string, params: () => URLSearchParams) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<typeof feedPage>(`${path}?${withCursor(params(), pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.nextCursor,
  });
}

export function globalFeedQueryKey(period: GlobalPeriod, dayKey: string) {
  return ['feed', 'global', period, dayKey] as const;
}

// Today and yesterday are the browser's local days (spec §9); the day is part of the key, so a
// feed opened after midnight asks for the new day. Top of the week is the server's seven days.
export function globalFeedQuery(period: GlobalPeriod, now: Date = new Date()) {
  const dayKey = localDayKey(now);
  return feedOptions(globalFeedQueryKey(period, dayKey), '/api/feed/global', () => {
    const params = new URLSearchParams({ period });
    if (period !== 'topweek') {
      const { from, to } = localDayRange(now, period === 'today' ? 0 : -1);
      params.set('from', from.toISOString());
      params.set('to', to.toISOString());
    }
    return params;
  });
}

export function friendsFeedQuery() {
  return feedOptions(friendsFeedQueryKey, '/api/feed/friends', () => new URLSearchParams());
}

export function playerFeedQueryKey(userId: string) {
  return ['feed', 'player', userId] as const;
}

export function playerFeedQuery(userId: string) {
  return feedOptions(
    playerFeedQueryKey(userId),
    `/api/users/${encodeURIComponent(userId)}/puns`,
    () => new URLSearchParams(),
  );
}

// The log-in screen's panel: public, no session needed (spec §2 Log-in, §9: three puns).
export function topWeekPublicQuery() {
  return queryOptions({
    queryKey: topWeekPublicQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<typeof topWeekResponse>(`/api/puns/top-week?limit=${LANDING_TOP_PUNS}`, {
        signal,
      }),
    staleTime: 60_000,
  });
}

/** Every pun of every cached feed page, the puns found by `punId` replaced by `update(pun)`. */
export function updatePunInFeeds(
  queryClient: QueryClient,
  punId: string,
  update: (pun: Pun) => Pun,
): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedQueryKeyRoot }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.puns.some((p) => p.id === punId)) return page;
      changed = true;
      return { ...page, puns: page.puns.map((p) => (p.id === punId ? update(p) : p)) };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** The first cached copy of a pun, from any feed. */
export function findCachedPun(queryClient: QueryClient, punId: string): Pun | undefined {
  for (const [, data] of queryClient.getQueriesData<FeedData>({ queryKey: feedQueryKeyRoot })) {
    for (const page of data?.pages ?? []) {
      const found = page.puns.find((p) => p.id === punId);
      if (found) return found;
    }
  }
  return undefined;
}
