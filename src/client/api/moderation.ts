// Report and block (issue 8): reporting a pun, blocking and unblocking a player, the list of
// blocked players, and what the live `moderation` event does to the cached feeds.
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Pun } from '#shared/api';
import type {
  blockListResponse,
  blockResponse,
  ModerationEvent,
  ReportRequest,
  reportResponse,
} from '#shared/moderation';
import { apiRequest } from './client';
import { type FeedData, feedQueryKeyRoot, topWeekPublicQueryKey } from './feeds';
import { friendsQueryKey } from './friends';
import { userQueryKey, userSearchQueryKeyRoot } from './users';

export const blockedPlayersQueryKey = ['blocks'] as const;

export const blockedPlayersQuery = queryOptions({
  queryKey: blockedPlayersQueryKey,
  queryFn: ({ signal }) => apiRequest<typeof blockListResponse>('/api/blocks', { signal }),
});

export function useBlockedPlayers() {
  return useQuery(blockedPlayersQuery);
}

export function useReportPun(punId: string) {
  return useMutation({
    mutationFn: (report: ReportRequest) =>
      apiRequest<typeof reportResponse>(`/api/puns/${encodeURIComponent(punId)}/report`, {
        method: 'POST',
        body: report,
      }),
    networkMode: 'always',
  });
}

/** Every cached feed without the puns `drop` picks (the others keep their place). */
export function removePunsFromFeeds(queryClient: QueryClient, drop: (pun: Pun) => boolean): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedQueryKeyRoot }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const puns = page.puns.filter((p) => !drop(p));
      if (puns.length === page.puns.length) return page;
      changed = true;
      return { ...page, puns };
    });
    return changed ? { ...data, pages } : data;
  });
}

function findInFeeds(
  queryClient: QueryClient,
  punId: string,
  matches: (pun: Pun) => boolean,
): boolean {
  return queryClient
    .getQueriesData<FeedData>({ queryKey: feedQueryKeyRoot })
    .some(([, data]) =>
      data?.pages?.some((page) => page.puns.some((p) => p.id === punId && matches(p))),
    );
}

function markHiddenInFeeds(queryClient: QueryClient, mark: (pun: Pun) => boolean): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedQueryKeyRoot }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.puns.some(mark)) return page;
      changed = true;
      return {
        ...page,
        puns: page.puns.map((p) => (mark(p) ? { ...p, hidden: true as const } : p)),
      };
    });
    return changed ? { ...data, pages } : data;
  });
}

// Puns whose report or block dialog is open (the dialog lives in the pun's card): a hiding that
// arrives meanwhile, perhaps set off by this very report, waits until the dialog closes instead
// of pulling the card, and the dialog with it, from under the reader.
const held = new Map<string, Array<() => void>>();

/** Keeps the pun's card in the lists until the returned function is called. */
export function holdPunWhileOpen(punId: string): () => void {
  if (!held.has(punId)) held.set(punId, []);
  return () => {
    const pending = held.get(punId) ?? [];
    held.delete(punId);
    for (const run of pending) run();
  };
}

/** A held pun was hidden meanwhile: it leaves the lists when released. */
export function isPunLeaving(punId: string): boolean {
  return (held.get(punId)?.length ?? 0) > 0;
}

/**
 * The live `moderation` event: a hidden pun leaves every list at once, except for its author,
 * who keeps it marked; a pun shown again comes back with the next fetch.
 */
export function applyModerationEvent(
  queryClient: QueryClient,
  event: ModerationEvent,
  viewerId: string | undefined,
): void {
  const concerns = (pun: Pun) =>
    event.punId === undefined ? pun.userId === event.userId : pun.id === event.punId;
  if (event.hidden) {
    const drop = (p: Pun) => concerns(p) && p.userId !== viewerId;
    removePunsFromFeeds(queryClient, (p) => drop(p) && !held.has(p.id));
    for (const [punId, pending] of held) {
      if (findInFeeds(queryClient, punId, drop))
        pending.push(() => removePunsFromFeeds(queryClient, (p) => p.id === punId && drop(p)));
    }
    if (event.userId === viewerId) markHiddenInFeeds(queryClient, concerns);
    return;
  }
  void queryClient.invalidateQueries({ queryKey: feedQueryKeyRoot });
  void queryClient.invalidateQueries({ queryKey: topWeekPublicQueryKey });
}

function refreshAfterBlockChange(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: blockedPlayersQueryKey }),
    queryClient.invalidateQueries({ queryKey: feedQueryKeyRoot }),
    queryClient.invalidateQueries({ queryKey: friendsQueryKey }),
    queryClient.invalidateQueries({ queryKey: userSearchQueryKeyRoot }),
    queryClient.invalidateQueries({ queryKey: userQueryKey(userId) }),
  ]);
}

function blockPath(userId: string): string {
  return `/api/users/${encodeURIComponent(userId)}/block`;
}

export function useBlockPlayer() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<typeof blockResponse>(blockPath(userId), { method: 'POST' }),
    networkMode: 'always',
  });
}

/**
 * After a block: the blocked player's puns leave the lists on screen at once, and everything that
 * depends on who is blocked is asked for again. Called when the player has read the confirmation.
 */
export function forgetBlockedPlayer(queryClient: QueryClient, userId: string): Promise<unknown> {
  removePunsFromFeeds(queryClient, (p) => p.userId === userId);
  return refreshAfterBlockChange(queryClient, userId);
}

export function useUnblockPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<typeof blockResponse>(blockPath(userId), { method: 'DELETE' }),
    networkMode: 'always',
    onSettled: (_answer, _error, userId) => refreshAfterBlockChange(queryClient, userId),
  });
}
