// GET /api/events: the Server-Sent Events stream of change events for a signed-in browser.
// A reconnecting browser sends Last-Event-ID and gets what it missed, or `resync` when that is
// too much (or already pruned), which tells it to refetch.
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#server/context';
import type { EventHub } from './hub.ts';
import { eventsAfter, type StoredEvent } from './publish.ts';

const HEARTBEAT_MS = 25_000;
const MAX_REPLAY = 500;
// A client this far behind is not reading: drop it rather than buffer without limit.
const MAX_BUFFERED_BYTES = 1024 * 1024;

export function formatSse(event: StoredEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export const eventRoutes: FastifyPluginAsync<{ ctx: AppContext; hub: EventHub }> = async (
  app,
  { ctx, hub },
) => {
  const open = new Set<ServerResponse>();
  // Streams never finish on their own: end them when the server closes, so it can.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.get('/events', async (request, reply) => {
    const header = request.headers['last-event-id'];
    const lastEventId =
      typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    res.write('retry: 3000\n\n');
    open.add(res);
    ctx.metrics.liveConnections.inc();

    let replaying = lastEventId !== null;
    const held: StoredEvent[] = [];
    const send = (event: StoredEvent) => {
      res.write(formatSse(event));
      if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
    };
    // Subscribe before replaying, holding live events back, so nothing falls between the two.
    const unsubscribe = hub.subscribe((event) => (replaying ? held.push(event) : send(event)));
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
      ctx.metrics.liveConnections.dec();
    });

    if (lastEventId === null) {
      res.write(': connected\n\n');
      return;
    }
    const replayed = new Set<number>();
    try {
      const missed = await eventsAfter(ctx.db, lastEventId, MAX_REPLAY + 1);
      if (missed.length > MAX_REPLAY) {
        res.write('event: resync\ndata: {}\n\n');
      } else {
        for (const event of missed) {
          replayed.add(event.id);
          send(event);
        }
      }
    } catch (err) {
      request.log.warn({ err }, 'event replay failed; asking the client to resync');
      res.write('event: resync\ndata: {}\n\n');
    }
    replaying = false;
    for (const event of held.splice(0)) if (!replayed.has(event.id)) send(event);
  });
};
