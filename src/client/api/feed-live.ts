// The one place where the feeds meet the live event stream (spec §7: feeds are live listeners).
// A `reactions` event patches that pun's counts in every cached feed without refetching; a `pun`
// event that belongs in the feed on screen is counted for a "N new puns" pill instead of moving
// the list under the reader's finger. (live.ts itself refetches everything on `resync`.)
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { GlobalPeriod, UserListResponse } from '#shared/api';
import { type FeedData, updatePunInFeeds } from './feeds';
import { friendsQueryKey } from './friends';
import { onLiveEvent } from './live';

export interface NewPunEvent {
  id: string;
  userId: string;
  day: string;
}

/** Whether a new pun belongs at the top of a feed; `friendIds` is the cached friend list. */
export type NewPunFilter = (event: NewPunEvent, context: { friendIds: Set<string> }) => boolean;

// Global: only 'today' grows (yesterday is over; the top of the week is ranked, not newest-first).
export function globalNewPuns(period: GlobalPeriod): NewPunFilter | undefined {
  return period === 'today' ? () => true : undefined;
}

export const friendsNewPuns: NewPunFilter = (event, { friendIds }) => friendIds.has(event.userId);

export function playerNewPuns(userId: string): NewPunFilter {
  return (event) => event.userId === userId;
}

function cachedIds(data: FeedData | undefined): Set<string> {
  return new Set(data?.pages.flatMap((page) => page.puns.map((p) => p.id)) ?? []);
}

export interface FeedLiveUpdates {
  /** Ids of puns announced since the feed was last loaded (some may have arrived since). */
  newPunIds: ReadonlySet<string>;
  /** Forget the announced puns (after the feed was refetched). */
  clearNewPuns: () => void;
}

const NONE: ReadonlySet<string> = new Set();

export function useFeedLiveUpdates(
  queryKey: QueryKey,
  newPunFilter: NewPunFilter | undefined,
): FeedLiveUpdates {
  const queryClient = useQueryClient();
  const keyText = JSON.stringify(queryKey);
  const [announced, setAnnounced] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: keyText,
    ids: NONE,
  });
  // The latest arguments, read by the long-lived subscriptions below.
  const latest = useRef({ queryKey, newPunFilter, keyText });
  latest.current = { queryKey, newPunFilter, keyText };

  useEffect(() => {
    const offReactions = onLiveEvent('reactions', ({ punId, reactions }) => {
      updatePunInFeeds(queryClient, punId, (pun) => ({ ...pun, reactions }));
    });
    const offPun = onLiveEvent('pun', (event) => {
      const { queryKey: key, newPunFilter: filter, keyText: text } = latest.current;
      if (!filter) return;
      const friends = queryClient.getQueryData<UserListResponse>(friendsQueryKey);
      const friendIds = new Set(friends?.users.map((u) => u.id) ?? []);
      if (!filter(event, { friendIds })) return;
      if (cachedIds(queryClient.getQueryData<FeedData>(key)).has(event.id)) return;
      setAnnounced((current) => {
        const ids = new Set(current.key === text ? current.ids : NONE);
        ids.add(event.id);
        return { key: text, ids };
      });
    });
    return () => {
      offReactions();
      offPun();
    };
  }, [queryClient]);

  return {
    newPunIds: announced.key === keyText ? announced.ids : NONE,
    clearNewPuns: () => setAnnounced({ key: keyText, ids: NONE }),
  };
}
