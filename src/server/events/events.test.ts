import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { openEventStream, type SseStream } from '#server/testing/sse';

describeEachDb('live events', (kind) => {
  const apps: TestApp[] = [];
  const streams: SseStream[] = [];
  const start = async (options: Parameters<typeof createTestApp>[1] = {}) => {
    const t = await createTestApp(kind, options);
    apps.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { t, url: `http://127.0.0.1:${port}` };
  };
  const stream = async (url: string, cookie: string, lastEventId?: string) => {
    const s = await openEventStream(`${url}/api/events`, cookie, lastEventId);
    streams.push(s);
    return s;
  };
  beforeEach(() => {
    apps.length = 0;
    streams.length = 0;
  });
  afterEach(async () => {
    for (const s of streams) s.close();
    for (const t of apps.reverse()) await t.close();
  });

  it('refuses the stream without a session', async () => {
    const { url } = await start();
    const res = await fetch(`${url}/api/events`);
    expect(res.status).toBe(401);
  });

  it('streams a new pun to signed-in browsers, and replays what a reconnecting one missed', async () => {
    const { t, url } = await start();
    const alice = await signUpUser(t.app, { email: 'alice@example.com' });
    const bob = await signUpUser(t.app, { email: 'bob@example.com' });
    const watcher = await stream(url, bob.cookie);

    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/puns',
      payload: { text: 'Alice in Wonderbread' },
      headers: { cookie: alice.cookie },
    });
    const punId = posted.json().pun.id;
    const event = await watcher.next('pun');
    expect(JSON.parse(event.data)).toEqual({
      id: punId,
      userId: alice.user.id,
      day: posted.json().pun.day,
    });
    expect(Number(event.id)).toBeGreaterThan(0);
    watcher.close();

    // Bob was away while Carol posted; he reconnects with the last id he saw.
    const carol = await signUpUser(t.app, { email: 'carol@example.com' });
    const carolPun = await t.app.inject({
      method: 'POST',
      url: '/api/puns',
      payload: { text: 'Carol of the Bells Pepper' },
      headers: { cookie: carol.cookie },
    });
    const back = await stream(url, bob.cookie, event.id);
    const missed = await back.next('pun');
    expect(JSON.parse(missed.data).id).toBe(carolPun.json().pun.id);
  });

  if (kind === 'postgres') {
    it('carries a pun posted on one instance to the browsers of another (LISTEN/NOTIFY)', async () => {
      const a = await start();
      const shared = a.t.database.url;
      if (!shared) throw new Error('expected a PostgreSQL URL');
      const b = await start({ databaseUrl: shared });
      // Instance b must use a's database: sign up on a, watch on b.
      const poster = await signUpUser(a.t.app, { email: 'poster@example.com' });
      const viewer = await signUpUser(a.t.app, { email: 'viewer@example.com' });
      const onB = await stream(b.url, viewer.cookie);
      const posted = await fetch(`${a.url}/api/puns`, {
        method: 'POST',
        headers: { cookie: poster.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Cross-instance Crossaint' }),
      });
      expect(posted.status).toBe(201);
      const event = await onB.next('pun');
      expect(JSON.parse(event.data).id).toBe((await posted.json()).pun.id);
    });
  }
});
