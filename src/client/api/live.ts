// The live event stream (GET /api/events, Server-Sent Events): ONE EventSource for the signed-in
// app. Each event is checked against the shared schema's shape (live-check.ts), applied to the TanStack Query caches it
// concerns, and handed to whoever subscribed with onLiveEvent / onAnyLiveEvent (the feeds do).
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type {
  LiveEvent,
  LiveEventType,
  liveEvents,
  MyPunTodayResponse,
  SessionResponse,
} from '#shared/api';
import { LIVE_EVENT_TYPES } from '#shared/constants';
import { sessionQueryKey, useSession } from './auth';
import { todayChallengeQueryKey } from './challenge';
import { feedQueryKeyRoot } from './feeds';
import { checkLiveEvent } from './live-check';
import { applyModerationEvent } from './moderation';
import { myPunTodayQueryKey } from './puns';

export type LiveEventData<K extends LiveEventType> = z.infer<(typeof liveEvents)[K]>;
type Handler<K extends LiveEventType> = (data: LiveEventData<K>, id: string) => void;
type AnyHandler = (event: LiveEvent) => void;

const handlers = new Map<LiveEventType, Set<Handler<LiveEventType>>>();
const anyHandlers = new Set<AnyHandler>();

/** Subscribes to one type of live event; returns the unsubscribe function. */
export function onLiveEvent<K extends LiveEventType>(type: K, handler: Handler<K>): () => void {
  const set = handlers.get(type) ?? new Set();
  handlers.set(type, set);
  set.add(handler as Handler<LiveEventType>);
  return () => set.delete(handler as Handler<LiveEventType>);
}

/** Subscribes to every live event, raw ({ id, type, data }); returns the unsubscribe function. */
export function onAnyLiveEvent(handler: AnyHandler): () => void {
  anyHandlers.add(handler);
  return () => anyHandlers.delete(handler);
}

/**
 * Delivers an event to the subscribers as if it had come from the server (the stream, and
 * tests). It does not touch the query caches: the stream does that first, in applyLiveEvent.
 */
export function dispatchLiveEvent<K extends LiveEventType>(
  type: K,
  data: LiveEventData<K>,
  id = '',
): void {
  for (const handler of handlers.get(type) ?? []) handler(data, id);
  for (const handler of anyHandlers) handler({ id, type, data } as LiveEvent);
}

/** The cache changes an event implies (before subscribers hear of it). */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  const me = queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.user;
  switch (event.type) {
    case 'challenge': {
      // A new or updated challenge (its AI example arrived, or the day began).
      void queryClient.invalidateQueries({ queryKey: todayChallengeQueryKey });
      // A challenge for another day than the cached "my pun today" means the day turned on the
      // server: the Create tab unlocks even if this browser's clock is ahead of the server's.
      const mine = queryClient.getQueryData<MyPunTodayResponse>(myPunTodayQueryKey);
      if (mine && mine.day !== event.data.day) {
        void queryClient.invalidateQueries({ queryKey: myPunTodayQueryKey });
      }
      return;
    }
    case 'pun':
      // Everyone's puns reach the feeds through feed-live.ts (a "new puns" pill, not a refetch
      // per pun); only the user's own pun changes the Create tab (posted from another tab).
      if (me && event.data.userId === me.id) {
        void queryClient.invalidateQueries({ queryKey: myPunTodayQueryKey });
      }
      return;
    case 'crowns':
      if (me && event.data.userId === me.id) {
        queryClient.setQueryData<SessionResponse>(sessionQueryKey, {
          user: { ...me, crownCount: event.data.crownCount },
        });
      }
      return;
    case 'reactions':
      // Patched into the cached feeds by feed-live.ts, a subscriber.
      return;
    case 'resync':
      void queryClient.invalidateQueries();
      return;
    case 'moderation':
      // Issue 8: a hidden pun leaves the feeds (its author keeps it, marked).
      applyModerationEvent(queryClient, event.data, me?.id);
      return;
  }
}

const TYPES: readonly LiveEventType[] = LIVE_EVENT_TYPES;
// After this long hidden, the tab may have been frozen and missed events: refetch what it shows.
const STALE_AFTER_MS = 60_000;
// When the browser gives up on the stream (an HTTP error such as a 502 while the server restarts),
// open a new one after a growing pause.
const REOPEN_FIRST_MS = 1_000;
const REOPEN_MAX_MS = 30_000;

function refetchShown(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['challenge'] });
  void queryClient.invalidateQueries({ queryKey: ['puns'] });
  void queryClient.invalidateQueries({ queryKey: feedQueryKeyRoot });
}

function parseEvent(type: LiveEventType, message: MessageEvent<string>): LiveEvent | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(message.data);
  } catch {
    return undefined;
  }
  const data = checkLiveEvent(type, raw);
  if (data === undefined) return undefined;
  return { id: message.lastEventId, type, data } as LiveEvent;
}

/** Opens the stream while a user is signed in and the calling layout is mounted. */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let reopenDelay = REOPEN_FIRST_MS;
    let stopped = false;

    const open = (afterGap: boolean) => {
      const current = new EventSource('/api/events');
      source = current;
      for (const type of TYPES) {
        current.addEventListener(type, (message) => {
          const event = parseEvent(type, message as MessageEvent<string>);
          if (!event) return;
          applyLiveEvent(queryClient, event);
          dispatchLiveEvent(event.type, event.data as never, event.id);
        });
      }
      current.addEventListener('open', () => {
        reopenDelay = REOPEN_FIRST_MS;
        // A new EventSource cannot send Last-Event-ID, so the server cannot replay the gap.
        if (afterGap) refetchShown(queryClient);
        afterGap = false;
      });
      current.addEventListener('error', () => {
        // While CONNECTING the browser is retrying by itself, and the server replays what was
        // missed (or sends `resync`). CLOSED means it gave up.
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        // Perhaps the session ended (a 401): asking again signs the app out if so.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        scheduleReopen();
      });
    };

    const scheduleReopen = () => {
      clearTimeout(reopenTimer);
      const delay = reopenDelay * (0.75 + Math.random() * 0.5);
      reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS);
      reopenTimer = setTimeout(() => open(true), delay);
    };

    open(false);

    let hiddenAt = 0;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt && Date.now() - hiddenAt > STALE_AFTER_MS) refetchShown(queryClient);
    };
    const onOnline = () => {
      refetchShown(queryClient);
      if (source?.readyState === EventSource.CLOSED) {
        clearTimeout(reopenTimer);
        reopenDelay = REOPEN_FIRST_MS;
        open(false);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearTimeout(reopenTimer);
      source?.close();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient, userId]);
}
