// One per server process: hears every change event (LISTEN on PostgreSQL, PGlite's in-process
// listen) and hands each to the local subscribers (the SSE streams). After a lost PostgreSQL
// connection it reconnects by itself and replays what it missed from the events table.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '#server/db/connect';
import {
  EVENTS_CHANNEL,
  eventsAfter,
  INTERNAL_CHANNEL,
  type InternalEvent,
  latestEventId,
  type StoredEvent,
} from './publish.ts';

export type EventListener = (event: StoredEvent) => void;
export type InternalListener = (event: InternalEvent) => void;

export interface EventHub {
  subscribe(listener: EventListener): () => void;
  /** Cache invalidations; also called after a reconnect with `null` (anything may have changed). */
  subscribeInternal(listener: (event: InternalEvent | null) => void): () => void;
  /** How many local subscribers there are (SSE clients). */
  readonly size: number;
  close(): Promise<void>;
}

export async function startEventHub(
  database: Database,
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
): Promise<EventHub> {
  const listeners = new Set<EventListener>();
  const internalListeners = new Set<(event: InternalEvent | null) => void>();
  let lastId = await latestEventId(database.db);
  let closed = false;

  const deliver = (event: StoredEvent) => {
    if (event.id > lastId) lastId = event.id;
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        log.warn({ err }, 'event listener failed');
      }
    }
  };
  const onPayload = (payload: string) => {
    try {
      deliver(JSON.parse(payload) as StoredEvent);
    } catch (err) {
      log.warn({ err }, 'unreadable event notification');
    }
  };
  const deliverInternal = (event: InternalEvent | null) => {
    for (const listener of internalListeners) {
      try {
        listener(event);
      } catch (err) {
        log.warn({ err }, 'internal event listener failed');
      }
    }
  };
  const onInternal = (payload: string) => {
    try {
      deliverInternal(JSON.parse(payload) as InternalEvent);
    } catch (err) {
      log.warn({ err }, 'unreadable internal notification');
    }
  };

  let stop: () => Promise<void>;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(EVENTS_CHANNEL, onPayload);
    const unlistenInternal = await database.pglite.listen(INTERNAL_CHANNEL, onInternal);
    stop = async () => {
      await unlisten();
      await unlistenInternal();
    };
  } else {
    stop = await listenOnPostgres(
      database,
      { [EVENTS_CHANNEL]: onPayload, [INTERNAL_CHANNEL]: onInternal },
      log,
      async () => {
        // Invalidations sent while the connection was down are lost: caches start over.
        deliverInternal(null);
        // Replay what was published while the connection was down.
        for (const event of await eventsAfter(database.db, lastId, 1000)) deliver(event);
      },
      () => closed,
    );
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeInternal(listener) {
      internalListeners.add(listener);
      return () => internalListeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
    async close() {
      closed = true;
      listeners.clear();
      internalListeners.clear();
      await stop().catch(() => {});
    },
  };
}

async function listenOnPostgres(
  database: Database,
  channels: Record<string, (payload: string) => void>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
  onReconnect: () => Promise<void>,
  isClosed: () => boolean,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: database.url });
    next.on('notification', (msg) => {
      if (msg.payload) channels[msg.channel]?.(msg.payload);
    });
    next.on('error', (err) => {
      log.warn({ err }, 'event listener connection lost; reconnecting');
      scheduleReconnect();
    });
    next.on('end', () => {
      if (client === next) scheduleReconnect();
    });
    await next.connect();
    for (const channel of Object.keys(channels)) await next.query(`listen ${channel}`);
    client = next;
    attempt = 0;
    if (reconnecting) {
      log.info('event listener reconnected');
      await onReconnect();
    }
  };

  const scheduleReconnect = () => {
    if (isClosed() || retryTimer) return;
    const old = client;
    client = undefined;
    old?.end().catch(() => {});
    // Short and capped: after an outage, live events should resume within a couple of seconds.
    const delay = Math.min(2_000, 250 * 2 ** attempt++);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect(true).catch((err) => {
        log.warn({ err }, 'event listener reconnect failed');
        scheduleReconnect();
      });
    }, delay);
    retryTimer.unref();
  };

  await connect(false);
  return async () => {
    if (retryTimer) clearTimeout(retryTimer);
    const c = client;
    client = undefined;
    await c?.end();
  };
}
