// The one service worker (spec §7 Other): the offline app shell and Web Push.
// - install: caches the app shell and every hashed asset of this build (the list is written into
//   this file at build time, see vite.config.ts), so the app opens offline;
// - fetch: pages are network-first with the cached shell as the offline fallback; hashed assets
//   and icons are cache-first; the API is never cached here (the app keeps its own data cache);
// - push: shows the notification, dropping a duplicate (same title and body) within 5 seconds and
//   closing a friend-pun notification after 4 seconds while the app is open (spec §9);
// - notificationclick: focuses an open Punday window on the right page, or opens one.
import {
  DUPLICATE_NOTIFICATION_WINDOW_MS,
  FRIEND_PUN_NOTIFICATION_CLOSE_MS,
} from '#shared/constants';

const sw = globalThis as unknown as ServiceWorkerGlobalScope;

const MANIFEST_MARKER = '__PUNDAY_PRECACHE_MANIFEST__';
const built = MANIFEST_MARKER.startsWith('__')
  ? { version: 'dev', files: [] as string[] }
  : JSON.parse(MANIFEST_MARKER);
const CACHE = `punday-${built.version}`;
const SHELL = '/index.html';

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The shell must be there; an asset that fails is fetched (and cached) on first use instead.
      await cache.addAll([SHELL, '/manifest.webmanifest']);
      await Promise.all(built.files.map((file: string) => cache.add(file).catch(() => undefined)));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys())
        if (key.startsWith('punday-') && key !== CACHE) await caches.delete(key);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (
    request.method !== 'GET' ||
    url.origin !== sw.location.origin ||
    url.pathname.startsWith('/api/')
  )
    return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(SHELL)) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(
      (async () => {
        const cached = await caches.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
        return response;
      })(),
    );
  }
});

interface PushData {
  type?: string;
  title?: string;
  body?: string;
  punId?: string;
  url?: string;
}

const recent = new Map<string, number>();

sw.addEventListener('push', (event) => {
  let data: PushData = {};
  try {
    data = (event.data?.json() ?? {}) as PushData;
  } catch {
    data = { title: 'Punday', body: event.data?.text() ?? '' };
  }
  const title = data.title ?? 'Punday';
  const body = data.body ?? '';
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const foreground = windows.some((w) => w.visibilityState === 'visible');
      const key = `${title}\n${body}`;
      const now = Date.now();
      for (const [k, at] of recent)
        if (now - at > DUPLICATE_NOTIFICATION_WINDOW_MS) recent.delete(k);
      if (foreground && recent.has(key)) return;
      recent.set(key, now);
      const tag =
        data.type === 'friend_pun' && data.punId ? `pun-${data.punId}` : (data.type ?? 'punday');
      await sw.registration.showNotification(title, {
        body,
        tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: data.url ?? '/dashboard', punId: data.punId, type: data.type },
      });
      if (foreground && data.type === 'friend_pun') {
        await new Promise((r) => setTimeout(r, FRIEND_PUN_NOTIFICATION_CLOSE_MS));
        for (const n of await sw.registration.getNotifications({ tag })) n.close();
      }
    })(),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as PushData | undefined)?.url ?? '/dashboard',
    sw.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) {
        await open.focus();
        await open
          .navigate(target.href)
          .catch(() =>
            open.postMessage({ type: 'navigate', url: target.pathname + target.search }),
          );
        return;
      }
      await sw.clients.openWindow(target.href);
    })(),
  );
});
