// The live event stream (GET /api/events, Server-Sent Events): ONE EventSource for the signed-in
// app. Each event is checked against the shared schema, applied to the TanStack Query caches it
// concerns, and handed to whoever subscribed with onLiveEvent (the feeds do).
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { type LiveEventType, liveEvents, type SessionResponse } from '#shared/api';
import { sessionQueryKey } from './auth';
import { todayChallengeQueryKey } from './challenge';
import { myPunTodayQueryKey } from './puns';

export type LiveEventData<K extends LiveEventType> = z.infer<(typeof liveEvents)[K]>;
type Handler<K extends LiveEventType> = (data: LiveEventData<K>, id: string) => void;

const handlers = new Map<LiveEventType, Set<Handler<LiveEventType>>>();

/** Subscribes to one type of live event; returns the unsubscribe function. */
export function onLiveEvent<K extends LiveEventType>(type: K, handler: Handler<K>): () => void {
  const set = handlers.get(type) ?? new Set();
  handlers.set(type, set);
  set.add(handler as Handler<LiveEventType>);
  return () => set.delete(handler as Handler<LiveEventType>);
}

/** Delivers an event as if it had come from the server (the stream, and tests). */
export function dispatchLiveEvent<K extends LiveEventType>(
  type: K,
  data: LiveEventData<K>,
  id = '',
): void {
  for (const handler of handlers.get(type) ?? []) handler(data, id);
}

const TYPES = Object.keys(liveEvents) as LiveEventType[];
// After this long hidden or offline, the tab may have missed events: refetch what it shows.
const STALE_AFTER_MS = 60_000;

function refetchShown(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: todayChallengeQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['puns'] });
  void queryClient.invalidateQueries({ queryKey: ['feed'] });
}

function applyToCaches(queryClient: QueryClient, type: LiveEventType, data: unknown): void {
  const me = queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.user;
  if (type === 'challenge') {
    void queryClient.invalidateQueries({ queryKey: todayChallengeQueryKey });
  } else if (type === 'pun') {
    const pun = data as LiveEventData<'pun'>;
    if (me && pun.userId === me.id)
      void queryClient.invalidateQueries({ queryKey: myPunTodayQueryKey });
  } else if (type === 'crowns') {
    const crowns = data as LiveEventData<'crowns'>;
    if (me && crowns.userId === me.id) {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, {
        user: { ...me, crownCount: crowns.crownCount },
      });
    }
  } else if (type === 'resync') {
    void queryClient.invalidateQueries();
  }
}

/** Opens the stream for as long as the signed-in layout is mounted. */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let broken = false;
    for (const type of TYPES) {
      source.addEventListener(type, (event) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        const checked = liveEvents[type].safeParse(parsed);
        if (!checked.success) return;
        applyToCaches(queryClient, type, checked.data);
        dispatchLiveEvent(type, checked.data as never, (event as MessageEvent).lastEventId);
      });
    }
    // The browser reconnects by itself (sending Last-Event-ID); after a break, also refetch.
    source.addEventListener('error', () => {
      broken = true;
    });
    source.addEventListener('open', () => {
      if (broken) refetchShown(queryClient);
      broken = false;
    });

    let hiddenAt = 0;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt && Date.now() - hiddenAt > STALE_AFTER_MS) refetchShown(queryClient);
    };
    const onOnline = () => refetchShown(queryClient);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      source.close();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);
}
