// Authorisation matrix: every API route as nobody, as the owner of the data and as another
// signed-in user. Routes only ever act on the caller's own data, so "another user" can at most
// change their own rows: the owner's state must be untouched afterwards.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/connect.ts';
import { createTestApp, signUpUser, type TestApp } from './testing/app.ts';

const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/auth/session',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/check',
  'POST /api/auth/password-reset/confirm',
  'GET /api/puns/top-week',
  'GET /api/share/:punId',
]);

describe('authorisation', () => {
  let t: TestApp;
  let owner: { cookie: string; user: { id: string } };
  let other: { cookie: string; user: { id: string } };
  let friend: { cookie: string; user: { id: string } };
  let ownerPunId: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    owner = await signUpUser(t.app, { email: 'owner@example.com', displayName: 'Owner' });
    other = await signUpUser(t.app, { email: 'other@example.com', displayName: 'Other' });
    friend = await signUpUser(t.app, { email: 'friend@example.com', displayName: 'Friend' });
    ownerPunId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/puns',
        payload: { text: 'Owner pun' },
        headers: { cookie: owner.cookie },
      })
    ).json().pun.id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/friends/${friend.user.id}`,
      headers: { cookie: owner.cookie },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const routes = () => t.app.apiRoutes;

  it('knows every API route, and each one that is not public answers 401 to nobody', async () => {
    const all = routes();
    expect(all.length).toBeGreaterThanOrEqual(27);
    for (const { method, url } of all) {
      const key = `${method} ${url}`;
      const concrete = url.replace(':id', ownerPunId);
      const res = await t.app.inject({
        method: method as 'GET',
        url: concrete,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (PUBLIC.has(key)) expect(res.statusCode, key).not.toBe(401);
      else expect(res.statusCode, key).toBe(401);
    }
  });

  it("lets another user change only their own data, never the owner's", async () => {
    const snapshot = async () => ({
      user: (
        await queryRows(
          t.database.db,
          sql`select display_name, notifications_enabled, friend_notifications_enabled, password_hash from users where id = ${owner.user.id}`,
        )
      )[0],
      puns: await queryRows(
        t.database.db,
        sql`select id, text from puns where user_id = ${owner.user.id}`,
      ),
      friends: await queryRows(
        t.database.db,
        sql`select friend_id from friendships where user_id = ${owner.user.id}`,
      ),
      sessions: (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from sessions where user_id = ${owner.user.id}`,
        )
      )[0],
      reactions: await queryRows(
        t.database.db,
        sql`select user_id, kind from reactions where user_id = ${owner.user.id}`,
      ),
      // Issue 8: another player's report or block changes nothing the owner has (one report is
      // below the hiding threshold; the owner and the other player are not friends).
      moderation: await queryRows(
        t.database.db,
        sql`select moderation, banned_at from puns p join users u on u.id = p.user_id
            where u.id = ${owner.user.id}`,
      ),
      blocks: await queryRows(
        t.database.db,
        sql`select blocked_id from blocks where blocker_id = ${owner.user.id}`,
      ),
    });
    const before = await snapshot();
    const as = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: other.cookie },
        ...(payload ? { payload } : {}),
      });
    await as('PUT', '/api/me/display-name', { displayName: 'Owner' });
    await as('DELETE', `/api/friends/${friend.user.id}`);
    await as('PUT', `/api/puns/${ownerPunId}/reaction`, { reaction: 'fire' });
    await as('DELETE', '/api/push/subscription', {});
    await as('PUT', '/api/me/friend-notifications', { enabled: false });
    await as('POST', '/api/puns', { text: 'Not the owner' });
    await as('POST', `/api/puns/${ownerPunId}/report`, { reason: 'spam' });
    await as('POST', `/api/users/${owner.user.id}/block`);
    await as('DELETE', `/api/users/${owner.user.id}/block`);
    await as('POST', '/api/auth/logout');
    const after = await snapshot();
    expect(after).toEqual(before);
    // The other user's rename of a taken name got a number instead of the owner's name.
    const [renamed] = await queryRows<{ display_name: string }>(
      t.database.db,
      sql`select display_name from users where id = ${other.user.id}`,
    );
    expect(renamed?.display_name).toBe('Owner1');
  });

  it("never sends one user's email to another", async () => {
    for (const url of [
      `/api/users/${owner.user.id}`,
      '/api/users/search?q=own',
      `/api/users/${owner.user.id}/puns`,
      '/api/friends',
      '/api/puns/top-week',
      '/api/blocks',
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: other.cookie } });
      expect(res.body, url).not.toContain('owner@example.com');
    }
    // The unblock list names the blocked player, and only by display name (`other` signed out
    // in the test above, so a player still signed in blocks).
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/users/${owner.user.id}/block`,
      headers: { cookie: friend.cookie },
    });
    expect(block.statusCode).toBe(200);
    expect(block.body).not.toContain('owner@example.com');
    const blocks = await t.app.inject({ url: '/api/blocks', headers: { cookie: friend.cookie } });
    expect(blocks.json()).toEqual({ users: [{ id: owner.user.id, displayName: 'Owner' }] });
  });
});
