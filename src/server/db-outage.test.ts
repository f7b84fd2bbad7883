// PostgreSQL going away and coming back: while it is unreachable the API and /api/health answer
// 503 with a clear message (never a 500, never a hang), and the server recovers by itself, live
// events included, without a restart. The outage is a TCP proxy on 127.0.0.1 that the test cuts.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { createTestApp, signUpUser, type TestApp } from './testing/app.ts';
import { createTestDatabase, type TestDatabase } from './testing/db.ts';
import { openEventStream } from './testing/sse.ts';

interface Proxy {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

async function startProxy(target: URL): Promise<Proxy> {
  let up = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL outage', () => {
  let database: TestDatabase;
  let proxy: Proxy;
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    proxy = await startProxy(new URL(database.url ?? ''));
    t = await createTestApp('postgres', { databaseUrl: proxy.url });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await database?.destroy();
  });

  it('answers 503 while the database is gone and recovers by itself when it is back', async () => {
    const { cookie } = await signUpUser(t.app, { email: 'outage@example.com' });
    const watcher = await openEventStream(`${baseUrl}/api/events`, cookie);
    try {
      proxy.cut();
      const health = await fetch(`${baseUrl}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'unavailable', database: 'down' });
      const feed = await fetch(`${baseUrl}/api/feed/friends`, { headers: { cookie } });
      expect(feed.status).toBe(503);
      expect((await feed.json()).message).toBe(messages.generic.unavailable);
      const login = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'outage@example.com', password: 'correct horse' }),
      });
      expect(login.status).toBe(503);
      // A few seconds down, so the listener's reconnect backoff has grown.
      await new Promise((r) => setTimeout(r, 3_000));

      proxy.restore();
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await fetch(`${baseUrl}/api/health`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(200);
      const posted = await fetch(`${baseUrl}/api/puns`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Back from the dead sea' }),
      });
      expect(posted.status).toBe(201);
      // The live stream's listener reconnected too: the new pun arrives.
      const event = await watcher.next('pun', 10_000);
      expect(JSON.parse(event.data).id).toBe((await posted.json()).pun.id);
    } finally {
      watcher.close();
      proxy.restore();
    }
  }, 60_000);
});
