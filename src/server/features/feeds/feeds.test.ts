import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedPun, seedUsers } from '#server/testing/seed';
import { feedPage } from '#shared/api';
import { addDays, laDayOf, laDayStart } from '#shared/la-day';

const HOUR = 60 * 60 * 1000;

describeEachDb('feeds', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const get = async (url: string, cookie?: string) => {
    const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
    const body = res.json();
    // Feed pages are written as text for speed: they must still be exactly the documented shape.
    if ((res.statusCode === 200 && url.includes('/feed')) || /\/users\/[^/]+\/puns/.test(url)) {
      if (res.statusCode === 200) expect(feedPage.strict().parse(body)).toEqual(body);
      expect(res.headers['content-type']).toContain('application/json');
    }
    return { status: res.statusCode, body };
  };

  /** Follows nextCursor to the end and returns every pun id in order. */
  const allPages = async (url: string, cookie: string) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const sep = url.includes('?') ? '&' : '?';
      const { status, body } = await get(
        `${url}${sep}limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        cookie,
      );
      expect(status).toBe(200);
      ids.push(...body.puns.map((p: { id: string }) => p.id));
      cursor = body.nextCursor;
      if (!cursor) return ids;
    }
    throw new Error('too many pages');
  };

  it('pages the browser\'s "today" range newest first, with a cursor and without repeats', async () => {
    const users = await seedUsers(t.database.db, 8);
    const viewer = users[0];
    if (!viewer) throw new Error('seed');
    const from = new Date(Date.now() - 10 * HOUR);
    const to = new Date(Date.now() + HOUR);
    const inRange: string[] = [];
    for (const [i, u] of users.entries()) {
      // Two puns share a created_at to the microsecond: the id breaks the tie.
      const createdAt = new Date(from.getTime() + (i < 2 ? 1000 : i * 60_000));
      inRange.push(
        await seedPun(t.database.db, u.id, {
          createdAt,
          day: `2026-01-${String(10 + i).padStart(2, '0')}`,
        }),
      );
    }
    await seedPun(t.database.db, viewer.id, {
      createdAt: new Date(from.getTime() - 1),
      day: '2025-12-01',
    });
    const ids = await allPages(
      `/api/feed/global?period=today&from=${from.toISOString()}&to=${to.toISOString()}`,
      viewer.cookie,
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...inRange].sort());
    const { body } = await get(
      `/api/feed/global?period=today&from=${from.toISOString()}&to=${to.toISOString()}&limit=50`,
      viewer.cookie,
    );
    const times = body.puns.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('ranks the top of the week by crowns, then newest, across days, and leaves out older puns', async () => {
    const users = await seedUsers(t.database.db, 6);
    const now = Date.now();
    const [u0, u1, u2, u3, u4, u5] = users;
    if (!u0 || !u1 || !u2 || !u3 || !u4 || !u5) throw new Error('seed');
    const mk = (u: { id: string }, hoursAgo: number, crowns: number) =>
      seedPun(t.database.db, u.id, { createdAt: new Date(now - hoursAgo * HOUR), crowns });
    const a = await mk(u0, 150, 5); // 6+ days ago, still inside 7 days
    const b = await mk(u1, 30, 5); // same crowns, newer than a
    const c = await mk(u2, 2, 1);
    const d = await mk(u3, 50, 9);
    await mk(u4, 24 * 7 + 2, 50); // too old
    const e = await mk(u5, 1, 0);
    const ids = await allPages('/api/feed/global?period=topweek', u0.cookie);
    expect(ids).toEqual([d, b, a, c, e]);

    const landing = await get('/api/puns/top-week?limit=3');
    expect(landing.status).toBe(200);
    expect(landing.body.puns.map((p: { id: string }) => p.id)).toEqual([d, b, a]);
    expect(JSON.stringify(landing.body)).not.toMatch(/@example\.com|email|myReaction/);
  });

  it("shows the viewer's own reaction on each pun", async () => {
    const [author, viewer] = await seedUsers(t.database.db, 2);
    if (!author || !viewer) throw new Error('seed');
    const punId = await seedPun(t.database.db, author.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/puns/${punId}/reaction`,
      payload: { reaction: 'thinker' },
      headers: { cookie: viewer.cookie },
    });
    const day = laDayOf(Date.now());
    const url = `/api/feed/global?period=today&from=${laDayStart(day).toISOString()}&to=${laDayStart(addDays(day, 1)).toISOString()}`;
    const mine = await get(url, viewer.cookie);
    expect(mine.body.puns[0]).toMatchObject({
      id: punId,
      myReaction: 'thinker',
      reactions: { thinker: 1 },
    });
    const theirs = await get(url, author.cookie);
    expect(theirs.body.puns[0]).toMatchObject({ id: punId, myReaction: null });
  });

  it('pages a friends feed of only friends, and a player feed of only that player', async () => {
    const [me, f1, f2, stranger] = await seedUsers(t.database.db, 4);
    if (!me || !f1 || !f2 || !stranger) throw new Error('seed');
    const friendPuns: string[] = [];
    for (let i = 0; i < 4; i++) {
      friendPuns.push(
        await seedPun(t.database.db, f1.id, {
          day: `2026-02-0${i + 1}`,
          createdAt: new Date(Date.now() - i * HOUR),
        }),
      );
      friendPuns.push(
        await seedPun(t.database.db, f2.id, {
          day: `2026-02-0${i + 1}`,
          createdAt: new Date(Date.now() - i * HOUR - 60_000),
        }),
      );
    }
    await seedPun(t.database.db, stranger.id);
    expect((await get('/api/feed/friends', me.cookie)).body.puns).toEqual([]);
    for (const f of [f1, f2]) {
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/friends/${f.id}`,
            headers: { cookie: me.cookie },
          })
        ).statusCode,
      ).toBe(200);
    }
    const ids = await allPages('/api/feed/friends', me.cookie);
    expect(ids).toEqual(friendPuns);
    const player = await allPages(`/api/users/${f2.id}/puns`, me.cookie);
    expect(player).toEqual(friendPuns.filter((_, i) => i % 2 === 1));
  });

  it('explains bad feed requests with a 400 and requires a session', async () => {
    const [viewer] = await seedUsers(t.database.db, 1);
    if (!viewer) throw new Error('seed');
    expect((await get('/api/feed/global?period=tomorrow', viewer.cookie)).status).toBe(400);
    expect((await get('/api/feed/global?period=today&cursor=garbage', viewer.cookie)).status).toBe(
      400,
    );
    expect(
      (
        await get(
          '/api/feed/global?period=today&from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
          viewer.cookie,
        )
      ).status,
    ).toBe(400);
    expect((await get('/api/feed/global?period=today&limit=500', viewer.cookie)).status).toBe(400);
    expect((await get('/api/feed/global?period=today')).status).toBe(401);
    expect((await get('/api/feed/friends')).status).toBe(401);
  });
});

describeEachDb('feed caches stay fresh', (kind) => {
  it('shows a new pun, a reaction and a sign-out at once, though pages and sessions are cached', async () => {
    const t = await createTestApp(kind);
    try {
      const [author, viewer] = await seedUsers(t.database.db, 2);
      if (!author || !viewer) throw new Error('seed');
      const day = laDayOf(Date.now());
      const url = `/api/feed/global?period=today&from=${laDayStart(day).toISOString()}&to=${laDayStart(addDays(day, 1)).toISOString()}`;
      const feed = async () =>
        (await t.app.inject({ url, headers: { cookie: viewer.cookie } })).json();
      expect((await feed()).puns).toEqual([]);

      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/puns',
        payload: { text: 'Fresh bread' },
        headers: { cookie: author.cookie },
      });
      const punId = posted.json().pun.id;
      expect((await feed()).puns.map((p: { id: string }) => p.id)).toEqual([punId]);

      await t.app.inject({
        method: 'PUT',
        url: `/api/puns/${punId}/reaction`,
        payload: { reaction: 'crown' },
        headers: { cookie: viewer.cookie },
      });
      expect((await feed()).puns[0]).toMatchObject({
        myReaction: 'crown',
        reactions: { crown: 1 },
      });
      await t.app.inject({
        method: 'DELETE',
        url: `/api/puns/${punId}/reaction`,
        headers: { cookie: viewer.cookie },
      });
      expect((await feed()).puns[0]).toMatchObject({ myReaction: null, reactions: { crown: 0 } });

      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: viewer.cookie },
      });
      expect((await t.app.inject({ url, headers: { cookie: viewer.cookie } })).statusCode).toBe(
        401,
      );
    } finally {
      await t.close();
    }
  });
});
