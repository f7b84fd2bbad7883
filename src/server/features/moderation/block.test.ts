// Blocking a player (issue 8): their puns leave the blocker's feeds and search, neither can react
// to the other's puns or add the other as a friend, friendships end both ways, and a block that
// races a reaction or a friend request never leaves the two connected.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryRows } from '#server/db/connect';
import { createTestApp, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedPun, seedUsers } from '#server/testing/seed';
import { feedPage } from '#shared/api';
import { addDays, laDayOf } from '#shared/la-day';
import { messages } from '#shared/messages';
import { blockListResponse, blockResponse, moderationMessages } from '#shared/moderation';

describeEachDb('block a player', (kind) => {
  let t: TestApp;
  const extra: TestApp[] = [];
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    for (const other of extra.splice(0)) await other.close();
    await t.close();
  });

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
    app: TestApp = t,
  ) => {
    const res = await app.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload !== undefined ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const ids = async (url: string, cookie: string, app: TestApp = t) => {
    const res = await call('GET', url, cookie, undefined, app);
    expect(res.status, url).toBe(200);
    return feedPage.parse(res.body).puns.map((p) => p.id);
  };
  const names = async (q: string, cookie: string) =>
    (await call('GET', `/api/users/search?q=${q}`, cookie)).body.users.map(
      (u: { id: string }) => u.id,
    );
  const countersMatchRecounts = async () => {
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`select p.id from puns p
          where p.crown_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'crown')
             or p.fire_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'fire')
             or p.thinker_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'thinker')
             or p.laughing_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'laughing')
          union all
          select u.id from users u
          where u.crown_count <> (select count(*) from reactions r join puns p on p.id = r.pun_id
                                  where p.user_id = u.id and r.kind = 'crown')`,
    );
    expect(rows).toEqual([]);
  };

  it('blocks and unblocks idempotently, lists the blocked players, and refuses yourself', async () => {
    const [me, them, other] = await seedUsers(t.database.db, 3);
    if (!me || !them || !other) throw new Error('seed');
    const first = await call('POST', `/api/users/${them.id}/block`, me.cookie);
    expect(first.status).toBe(200);
    expect(blockResponse.parse(first.body)).toMatchObject({ user: { id: them.id }, blocked: true });
    expect((await call('POST', `/api/users/${them.id}/block`, me.cookie)).status).toBe(200);
    await call('POST', `/api/users/${other.id}/block`, me.cookie);
    const list = blockListResponse.parse((await call('GET', '/api/blocks', me.cookie)).body);
    expect(list.users.map((u) => u.id).sort()).toEqual([them.id, other.id].sort());
    // One-way: they blocked nobody.
    expect((await call('GET', '/api/blocks', them.cookie)).body.users).toEqual([]);

    const self = await call('POST', `/api/users/${me.id}/block`, me.cookie);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(moderationMessages.blockSelf);
    const ghost = await call(
      'POST',
      '/api/users/00000000-0000-4000-8000-000000000000/block',
      me.cookie,
    );
    expect(ghost.status).toBe(404);
    expect(ghost.body.message).toBe(messages.userPage.notFound);
    expect((await call('POST', '/api/users/nope/block', me.cookie)).status).toBe(400);

    const off = await call('DELETE', `/api/users/${them.id}/block`, me.cookie);
    expect(off.body).toMatchObject({ user: { id: them.id }, blocked: false });
    expect((await call('DELETE', `/api/users/${them.id}/block`, me.cookie)).status).toBe(200);
    expect(
      (await call('GET', '/api/blocks', me.cookie)).body.users.map((u: { id: string }) => u.id),
    ).toEqual([other.id]);
  });

  it("takes the blocked player's puns out of the blocker's feeds, and back after unblocking", async () => {
    const [me, them, friend] = await seedUsers(t.database.db, 3);
    if (!me || !them || !friend) throw new Error('seed');
    const today = laDayOf(Date.now());
    const theirs = await seedPun(t.database.db, them.id, { text: 'Blocked pun' });
    const theirsYesterday = await seedPun(t.database.db, them.id, {
      day: addDays(today, -1),
      createdAt: new Date(Date.now() - 26 * 3600_000),
    });
    const mine = await seedPun(t.database.db, me.id, { text: 'My pun' });
    const friends = await seedPun(t.database.db, friend.id, { text: 'Friend pun' });
    await call('PUT', `/api/friends/${them.id}`, me.cookie);
    await call('PUT', `/api/friends/${friend.id}`, me.cookie);
    const feeds = [
      '/api/feed/global?period=today',
      '/api/feed/global?period=topweek',
      '/api/feed/friends',
      `/api/users/${them.id}/puns`,
    ];
    // Cached before the block: the per-viewer filter must still apply.
    for (const url of feeds) expect(await ids(url, me.cookie)).toContain(theirs);

    await call('POST', `/api/users/${them.id}/block`, me.cookie);
    for (const url of [...feeds, '/api/feed/global?period=yesterday']) {
      const seen = await ids(url, me.cookie);
      expect(seen, url).not.toContain(theirs);
      expect(seen, url).not.toContain(theirsYesterday);
    }
    expect(await ids('/api/feed/global?period=today', me.cookie)).toEqual(
      expect.arrayContaining([mine, friends]),
    );
    // Only the blocker's view changes: the blocked player and everyone else still see it all.
    expect(await ids('/api/feed/global?period=today', friend.cookie)).toContain(theirs);
    expect(await ids('/api/feed/global?period=today', them.cookie)).toContain(mine);

    await call('DELETE', `/api/users/${them.id}/block`, me.cookie);
    expect(await ids('/api/feed/global?period=today', me.cookie)).toContain(theirs);
    expect(await ids(`/api/users/${them.id}/puns`, me.cookie)).toContain(theirs);
  });

  it('ends friendships both ways, refuses friend requests both ways and hides both from search', async () => {
    const [me, them] = await seedUsers(t.database.db, 2, 'blocky');
    if (!me || !them) throw new Error('seed');
    await call('PUT', `/api/friends/${them.id}`, me.cookie);
    await call('PUT', `/api/friends/${me.id}`, them.cookie);
    expect(await names('blocky', me.cookie)).toEqual([]);
    await call('DELETE', `/api/friends/${them.id}`, me.cookie);
    expect(await names('blocky', me.cookie)).toEqual([them.id]);
    await call('PUT', `/api/friends/${them.id}`, me.cookie);

    await call('POST', `/api/users/${them.id}/block`, me.cookie);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from friendships
          where (user_id = ${me.id} and friend_id = ${them.id}) or (user_id = ${them.id} and friend_id = ${me.id})`,
    );
    expect(left?.n).toBe(0);
    for (const [who, whom] of [
      [me, them],
      [them, me],
    ] as const) {
      const add = await call('PUT', `/api/friends/${whom.id}`, who.cookie);
      expect(add.status).toBe(403);
      expect(add.body.message).toBe(moderationMessages.friendBlocked);
      expect(await names('blocky', who.cookie)).toEqual([]);
    }
    expect((await call('GET', '/api/friends', them.cookie)).body.users).toEqual([]);
  });

  it('refuses reactions both ways between blocked players, but lets an old one be taken back', async () => {
    const [me, them] = await seedUsers(t.database.db, 2);
    if (!me || !them) throw new Error('seed');
    const mine = await seedPun(t.database.db, me.id);
    const theirs = await seedPun(t.database.db, them.id);
    expect(
      (await call('PUT', `/api/puns/${mine}/reaction`, them.cookie, { reaction: 'crown' })).status,
    ).toBe(200);
    await call('POST', `/api/users/${me.id}/block`, them.cookie);
    for (const [cookie, punId] of [
      [me.cookie, theirs],
      [them.cookie, mine],
    ] as const) {
      const res = await call('PUT', `/api/puns/${punId}/reaction`, cookie, { reaction: 'fire' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(moderationMessages.reactionBlocked);
    }
    // Taking back the crown given before the block is allowed.
    const undo = await call('DELETE', `/api/puns/${mine}/reaction`, them.cookie);
    expect(undo.status).toBe(200);
    expect(undo.body.reactions.crown).toBe(0);
    await countersMatchRecounts();
    await call('DELETE', `/api/users/${me.id}/block`, them.cookie);
    expect(
      (await call('PUT', `/api/puns/${mine}/reaction`, them.cookie, { reaction: 'fire' })).status,
    ).toBe(200);
  });

  it('never leaves two players friends when a block races their friend requests', async () => {
    for (let round = 0; round < 6; round++) {
      const [me, them] = await seedUsers(t.database.db, 2, `race${round}`);
      if (!me || !them) throw new Error('seed');
      const results = await Promise.all([
        call('PUT', `/api/friends/${me.id}`, them.cookie),
        call('POST', `/api/users/${them.id}/block`, me.cookie),
        call('PUT', `/api/friends/${them.id}`, me.cookie),
      ]);
      for (const r of results) expect([200, 403]).toContain(r.status);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from friendships
            where (user_id = ${me.id} and friend_id = ${them.id}) or (user_id = ${them.id} and friend_id = ${me.id})`,
      );
      expect(row?.n, `round ${round}`).toBe(0);
    }
  });

  it('keeps every counter equal to a recount when a block races reactions', async () => {
    const [me, them, bystander] = await seedUsers(t.database.db, 3);
    if (!me || !them || !bystander) throw new Error('seed');
    const puns = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        seedPun(t.database.db, me.id, { day: `2026-02-0${i + 1}` }),
      ),
    );
    const kinds = ['crown', 'fire', 'thinker', 'laughing'] as const;
    const results = await Promise.all([
      ...puns.map((punId, i) =>
        call('PUT', `/api/puns/${punId}/reaction`, them.cookie, { reaction: kinds[i] }),
      ),
      call('POST', `/api/users/${them.id}/block`, me.cookie),
      ...puns.map((punId) =>
        call('PUT', `/api/puns/${punId}/reaction`, bystander.cookie, { reaction: 'fire' }),
      ),
    ]);
    for (const r of results) expect([200, 403]).toContain(r.status);
    // The bystander is not part of the block.
    expect(results.slice(5).every((r) => r.status === 200)).toBe(true);
    await countersMatchRecounts();
    const after = await call('PUT', `/api/puns/${puns[0]}/reaction`, them.cookie, {
      reaction: 'laughing',
    });
    expect(after.status).toBe(403);
  });

  // Two instances can share a database only on PostgreSQL.
  if (kind === 'postgres')
    it("updates another instance's view of the blocker's feeds", async () => {
      const second = await createTestApp(kind, { databaseUrl: t.database.url ?? '' });
      extra.push(second);
      const [me, them] = await seedUsers(t.database.db, 2);
      if (!me || !them) throw new Error('seed');
      const theirs = await seedPun(t.database.db, them.id);
      const url = '/api/feed/global?period=today';
      expect(await ids(url, me.cookie, second)).toContain(theirs);
      await call('POST', `/api/users/${them.id}/block`, me.cookie);
      await expect
        .poll(() => ids(url, me.cookie, second), { timeout: 5_000 })
        .not.toContain(theirs);
      await call('DELETE', `/api/users/${them.id}/block`, me.cookie);
      await expect.poll(() => ids(url, me.cookie, second), { timeout: 5_000 }).toContain(theirs);
    });
});
