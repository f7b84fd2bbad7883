import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedUsers } from '#server/testing/seed';
import { FRIEND_SEARCH_LIMIT } from '#shared/constants';
import { messages } from '#shared/messages';

describeEachDb('friends', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = async (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string) => {
    const res = await t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
    return { status: res.statusCode, body: res.json() };
  };

  it('searches by a case-insensitive display-name prefix, without me or my friends, at most 10', async () => {
    const me = await signUpUser(t.app, { email: 'me@example.com', displayName: 'PunQueen' });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        (await signUpUser(t.app, { email: `p${i}@example.com`, displayName: `Punster${i}` })).user
          .id,
      );
    await signUpUser(t.app, { email: 'x@example.com', displayName: 'Pa_nic%' });
    const res = await call('GET', '/api/users/search?q=%20PUN%20', me.cookie);
    expect(res.status).toBe(200);
    expect(res.body.users).toHaveLength(FRIEND_SEARCH_LIMIT);
    expect(res.body.users.map((u: { displayName: string }) => u.displayName)).not.toContain(
      'PunQueen',
    );
    await call('PUT', `/api/friends/${ids[0]}`, me.cookie);
    const after = await call('GET', '/api/users/search?q=punster0', me.cookie);
    expect(after.body.users).toEqual([]);
    expect((await call('GET', '/api/users/search?q=', me.cookie)).body.users).toEqual([]);
    // LIKE wildcards in the query are literal.
    expect(
      (await call('GET', '/api/users/search?q=pa_', me.cookie)).body.users.map(
        (u: { displayName: string }) => u.displayName,
      ),
    ).toEqual(['Pa_nic%']);
    expect((await call('GET', '/api/users/search?q=p%25', me.cookie)).body.users).toEqual([]);
  });

  it('adds, refuses a second add, lists, removes and re-adds a friend (one-way)', async () => {
    const [me, them] = await seedUsers(t.database.db, 2);
    if (!me || !them) throw new Error('seed');
    expect((await call('PUT', `/api/friends/${them.id}`, me.cookie)).body.isFriend).toBe(true);
    const twice = await call('PUT', `/api/friends/${them.id}`, me.cookie);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(messages.friends.alreadyFriend);
    expect(
      (await call('GET', '/api/friends', me.cookie)).body.users.map((u: { id: string }) => u.id),
    ).toEqual([them.id]);
    // One-way: they did not add me.
    expect((await call('GET', '/api/friends', them.cookie)).body.users).toEqual([]);
    expect((await call('GET', `/api/users/${them.id}`, me.cookie)).body).toMatchObject({
      isFriend: true,
      isMe: false,
    });
    expect((await call('DELETE', `/api/friends/${them.id}`, me.cookie)).body.isFriend).toBe(false);
    expect((await call('GET', '/api/friends', me.cookie)).body.users).toEqual([]);
    expect((await call('PUT', `/api/friends/${them.id}`, me.cookie)).status).toBe(200);
  });

  it('refuses adding yourself or nobody, and answers User not found for an unknown id', async () => {
    const [me] = await seedUsers(t.database.db, 1);
    if (!me) throw new Error('seed');
    expect((await call('PUT', `/api/friends/${me.id}`, me.cookie)).status).toBe(400);
    const ghost = '00000000-0000-4000-8000-000000000000';
    const unknown = await call('PUT', `/api/friends/${ghost}`, me.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.userPage.notFound);
    expect((await call('GET', `/api/users/${ghost}`, me.cookie)).body.message).toBe(
      messages.userPage.notFound,
    );
    expect((await call('GET', '/api/users/not-a-uuid', me.cookie)).status).toBe(400);
    expect((await call('GET', `/api/users/${me.id}`, me.cookie)).body).toMatchObject({
      isMe: true,
      isFriend: false,
    });
  });

  it('never lets the wrong user or nobody change friends, and never shows emails', async () => {
    const [a, b, c] = await seedUsers(t.database.db, 3);
    if (!a || !b || !c) throw new Error('seed');
    await call('PUT', `/api/friends/${b.id}`, a.cookie);
    // c removing b touches only c's own list: a's friendship stays.
    await call('DELETE', `/api/friends/${b.id}`, c.cookie);
    expect((await call('GET', '/api/friends', a.cookie)).body.users).toHaveLength(1);
    for (const [method, url] of [
      ['PUT', `/api/friends/${b.id}`],
      ['DELETE', `/api/friends/${b.id}`],
      ['GET', '/api/friends'],
      ['GET', '/api/users/search?q=s'],
      ['GET', `/api/users/${b.id}`],
    ] as const) {
      expect((await call(method, url)).status, `${method} ${url}`).toBe(401);
    }
    const profile = await t.app.inject({
      url: `/api/users/${b.id}`,
      headers: { cookie: a.cookie },
    });
    expect(profile.body).not.toMatch(/@example\.com/);
  });
});
