// spec §9 "local cache with offline persistence": the data the screens show (who is signed in,
// today's challenge, my pun, feeds, friends) is saved to localStorage and restored at start, so
// the app opens offline with the last loaded data. Sign-out empties the cache, and so the copy.
import type { Query } from '@tanstack/react-query';
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';

const KEY = 'punday-cache';
const PERSISTED_ROOTS = new Set([
  'session',
  'challenge',
  'puns',
  'feed',
  'friends',
  'topWeekPublic',
  'user',
]);
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const THROTTLE_MS = 1_000;

/** Writes at most once a second; a full or blocked storage only costs the offline copy. */
export function localStoragePersister(storage: Storage): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: PersistedClient | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    try {
      storage.setItem(KEY, JSON.stringify(pending));
    } catch {
      storage.removeItem(KEY);
    }
    pending = undefined;
  };
  // Leaving the page (closing, reloading, navigating away) must not lose the last second.
  window.addEventListener('pagehide', flush);
  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(flush, THROTTLE_MS);
    },
    restoreClient() {
      const raw = storage.getItem(KEY);
      if (!raw) return undefined;
      try {
        return JSON.parse(raw) as PersistedClient;
      } catch {
        storage.removeItem(KEY);
        return undefined;
      }
    },
    removeClient() {
      pending = undefined;
      storage.removeItem(KEY);
    },
  };
}

/** Drops the saved copy now (a deleted account leaves nothing of itself in this browser). */
export function forgetPersistedCache(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: nothing was saved.
  }
}

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> | null {
  let storage: Storage;
  try {
    storage = window.localStorage;
    storage.getItem(KEY);
  } catch {
    return null; // storage is blocked: the app still works, just not offline
  }
  return {
    persister: localStoragePersister(storage),
    maxAge: PERSIST_MAX_AGE_MS,
    // A new build may change the shapes of the data; its cache starts afresh.
    buster: __PUNDAY_BUILD__,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) =>
        query.state.status === 'success' && PERSISTED_ROOTS.has(String(query.queryKey[0])),
    },
  };
}
