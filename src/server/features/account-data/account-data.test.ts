import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryRows } from '#server/db/connect';
import { createTestApp, signUpUser, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedPun, seedUsers } from '#server/testing/seed';
import { accountDataMessages, accountExport } from '#shared/account-data';

const PASSWORD = 'correct horse';

describeEachDb('own your data', (kind) => {
  let t: TestApp;
  const extra: TestApp[] = [];
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    for (const app of extra.splice(0)) await app.close();
    await t.close();
  });

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
    app: TestApp = t,
  ) =>
    app.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
  const react = (punId: string, reaction: string, cookie: string) =>
    call('PUT', `/api/puns/${punId}/reaction`, cookie, { reaction });
  const deleteMe = (cookie: string, password: unknown) =>
    call('DELETE', '/api/me', cookie, { password });

  const signUp = async () => {
    const email = `owner-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const { cookie, user } = await signUpUser(t.app, { email, password: PASSWORD });
    return { cookie, id: user.id, email, displayName: user.displayName };
  };

  /** Every counter kept on a row, next to a recount of the rows it counts: none may differ. */
  const expectCountersMatchRecounts = async () => {
    const puns = await queryRows(
      t.database.db,
      sql`select p.id from puns p where
            p.crown_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'crown')
         or p.fire_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'fire')
         or p.thinker_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'thinker')
         or p.laughing_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'laughing')
         or p.report_count <> (select count(*) from reports r where r.pun_id = p.id)`,
    );
    expect(puns, 'puns whose counters differ from a recount').toEqual([]);
    const users = await queryRows(
      t.database.db,
      sql`select u.id from users u where u.crown_count <>
            (select count(*) from reactions r join puns p on p.id = r.pun_id
             where p.user_id = u.id and r.kind = 'crown')`,
    );
    expect(users, 'users whose crown count differs from a recount').toEqual([]);
  };

  /** How many rows of each table mention the user (directly or through their puns). */
  const rowsOf = async (userId: string) => {
    const [row] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`select
        (select count(*)::int from users where id = ${userId}::uuid) as users,
        (select count(*)::int from sessions where user_id = ${userId}::uuid) as sessions,
        (select count(*)::int from password_resets where user_id = ${userId}::uuid) as resets,
        (select count(*)::int from push_subscriptions where user_id = ${userId}::uuid) as push,
        (select count(*)::int from puns where user_id = ${userId}::uuid) as puns,
        (select count(*)::int from reactions where user_id = ${userId}::uuid
           or pun_id in (select id from puns where user_id = ${userId}::uuid)) as reactions,
        (select count(*)::int from friendships where user_id = ${userId}::uuid or friend_id = ${userId}::uuid) as friendships,
        (select count(*)::int from blocks where blocker_id = ${userId}::uuid or blocked_id = ${userId}::uuid) as blocks,
        (select count(*)::int from reports where reporter_id = ${userId}::uuid
           or pun_id in (select id from puns where user_id = ${userId}::uuid)) as reports`,
    );
    return row;
  };

  /**
   * A player with a bit of everything: their own puns with reactions and reports from others, and
   * reactions, reports, friends and blocks of their own on other players' puns.
   */
  const busyPlayer = async () => {
    const owner = await signUp();
    const [b, c, d, e] = await seedUsers(t.database.db, 4);
    if (!b || !c || !d || !e) throw new Error('seed');
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    const ownPuns = await Promise.all(
      days.map((day) => seedPun(t.database.db, owner.id, { day, text: `Owner pun ${day}` })),
    );
    const bPuns = await Promise.all(days.map((day) => seedPun(t.database.db, b.id, { day })));
    const cPun = await seedPun(t.database.db, c.id, { day: days[0] });
    const dPun = await seedPun(t.database.db, d.id, { day: days[0] });
    // Reactions given today: one crown a day for each giver.
    const [own0, own1, own2] = ownPuns;
    const [b0, b1] = bPuns;
    if (!own0 || !own1 || !own2 || !b0 || !b1) throw new Error('seed');
    for (const [punId, reaction, cookie] of [
      [b0, 'crown', owner.cookie],
      [b1, 'fire', owner.cookie],
      [cPun, 'thinker', owner.cookie],
      [dPun, 'laughing', owner.cookie],
      [b0, 'crown', c.cookie],
      [b0, 'fire', d.cookie],
      [own0, 'crown', b.cookie],
      [own1, 'fire', c.cookie],
      [own2, 'laughing', d.cookie],
      [cPun, 'crown', e.cookie],
    ] as const) {
      const response = await react(punId, reaction, cookie);
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const [punId, cookie] of [
      [b1, owner.cookie],
      [cPun, owner.cookie],
      [b1, c.cookie],
      [own0, e.cookie],
    ] as const) {
      const response = await call('POST', `/api/puns/${punId}/report`, cookie, {
        reason: 'spam',
        note: 'Looks like an advert',
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    for (const [from, to] of [
      [owner, b],
      [owner, c],
      [b, owner],
    ] as const) {
      expect((await call('PUT', `/api/friends/${to.id}`, from.cookie)).statusCode).toBe(200);
    }
    expect((await call('POST', `/api/users/${e.id}/block`, owner.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${owner.id}/block`, d.cookie)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`insert into push_subscriptions (endpoint, user_id, p256dh, auth)
          values ('https://push.example.com/owner-device', ${owner.id}::uuid, 'secret-p256dh-key', 'secret-auth-key')`,
    );
    await t.database.db.execute(
      sql`insert into password_resets (token_hash, user_id, expires_at)
          values ('reset-token-hash', ${owner.id}::uuid, now() + interval '1 hour')`,
    );
    return { owner, others: { b, c, d, e }, ownPuns, bPuns, cPun, dPun };
  };

  it('exports the account, settings, puns, reactions, friends, blocks, reports and devices, and no secret', async () => {
    const { owner, others, ownPuns, bPuns, cPun, dPun } = await busyPlayer();
    const response = await call('GET', '/api/me/export', owner.cookie);
    expect(response.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="punday-export-${today}.json"`,
    );
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = accountExport.parse(response.json());

    expect(data.account).toMatchObject({
      id: owner.id,
      email: owner.email,
      displayName: owner.displayName,
      crownsReceived: 1,
    });
    expect(data.settings).toEqual({
      notificationsEnabled: false,
      friendNotificationsEnabled: false,
    });
    expect(data.puns.map((p) => p.id)).toEqual(ownPuns);
    expect(data.puns[0]).toMatchObject({
      day: '2026-03-01',
      text: 'Owner pun 2026-03-01',
      reactions: { crown: 1, fire: 0, thinker: 0, laughing: 0 },
      hiddenPendingReview: false,
    });
    expect(data.puns[1]?.reactions).toEqual({ crown: 0, fire: 1, thinker: 0, laughing: 0 });
    expect(Object.fromEntries(data.reactionsGiven.map((r) => [r.punId, r.kind]))).toEqual({
      [bPuns[0] ?? '']: 'crown',
      [bPuns[1] ?? '']: 'fire',
      [cPun]: 'thinker',
      [dPun]: 'laughing',
    });
    for (const r of data.reactionsGiven) expect(r.givenDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // One-way friendships: the players the owner added (b added the owner too; c did not).
    expect(data.friends.map((f) => f.id).sort()).toEqual([others.b.id, others.c.id].sort());
    // The owner blocked e; d blocked the owner, which is d's data, not the owner's.
    expect(data.blocks.map((b) => b.id)).toEqual([others.e.id]);
    expect(data.reports.map((r) => r.punId).sort()).toEqual([bPuns[1], cPun].sort());
    expect(data.reports[0]).toMatchObject({ reason: 'spam', note: 'Looks like an advert' });
    expect(data.pushSubscriptions).toEqual([
      { endpoint: 'https://push.example.com/owner-device', createdAt: expect.any(String) },
    ]);

    // No password hash, session or reset token, or push keys, anywhere in the file.
    const [secrets] = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`select password_hash from users where id = ${owner.id}::uuid`,
    );
    const text = response.body;
    const token = owner.cookie.split('=')[1] ?? '';
    for (const secret of [
      secrets?.password_hash ?? 'missing',
      'scrypt$',
      token,
      'reset-token-hash',
      'secret-p256dh-key',
      'secret-auth-key',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password|token|p256dh|"auth"/i);
  });

  it('needs a session for the export and for deletion', async () => {
    expect((await t.app.inject({ url: '/api/me/export' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes nothing on a wrong or missing password, and says so plainly', async () => {
    const { owner } = await busyPlayer();
    const before = await rowsOf(owner.id);
    const wrong = await deleteMe(owner.cookie, 'not my password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      error: 'wrong_password',
      message: accountDataMessages.wrongPassword,
    });
    const blank = await deleteMe(owner.cookie, '');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(accountDataMessages.passwordRequired);
    const missing = await call('DELETE', '/api/me', owner.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(accountDataMessages.passwordRequired);
    const notText = await deleteMe(owner.cookie, 12345);
    expect(notText.statusCode).toBe(400);

    expect(await rowsOf(owner.id)).toEqual(before);
    const session = await call('GET', '/api/auth/session', owner.cookie);
    expect(session.json().user.id).toBe(owner.id);
    await expectCountersMatchRecounts();
  });

  it('counts wrong passwords against the log-in failure limit', async () => {
    const owner = await signUp();
    const limit = t.ctx.limits.loginFailuresPerAccount.max;
    for (let i = 0; i < limit; i++) {
      expect((await deleteMe(owner.cookie, `guess ${i}`)).statusCode).toBe(403);
    }
    const limited = await deleteMe(owner.cookie, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(await rowsOf(owner.id)).toMatchObject({ users: 1 });
  });

  it('deletes everything of the player and leaves every counter equal to a recount', async () => {
    const { owner, others, bPuns, cPun, dPun } = await busyPlayer();
    // A second session of the same player (another device).
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: PASSWORD },
    });
    const otherDevice = `punday_session=${login.cookies.find((c) => c.name === 'punday_session')?.value}`;
    // Warm the session cache of both sessions.
    expect((await call('GET', '/api/friends', owner.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/friends', otherDevice)).statusCode).toBe(200);
    const countsBefore = await queryRows<{ id: string; crown_count: number; report_count: number }>(
      t.database.db,
      sql`select id, crown_count, report_count from puns where id in (${bPuns[0]}::uuid, ${bPuns[1]}::uuid, ${cPun}::uuid, ${dPun}::uuid) order by id`,
    );
    const lastEvent = await queryRows<{ id: string }>(
      t.database.db,
      sql`select coalesce(max(id), 0)::text as id from events`,
    );

    const response = await deleteMe(owner.cookie, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: accountDataMessages.deleted });
    const cleared = response.cookies.find((c) => c.name === 'punday_session');
    expect(cleared?.value).toBe('');

    expect(await rowsOf(owner.id)).toEqual({
      users: 0,
      sessions: 0,
      resets: 0,
      push: 0,
      puns: 0,
      reactions: 0,
      friendships: 0,
      blocks: 0,
      reports: 0,
    });
    await expectCountersMatchRecounts();
    // The changes on other players' rows, spelled out: b0 lost a crown, b1 a fire and a report,
    // c's pun a thinker and a report, d's pun a laughing; b lost the crown the owner gave.
    const countsAfter = await queryRows<{ id: string; crown_count: number; report_count: number }>(
      t.database.db,
      sql`select id, crown_count, report_count from puns where id in (${bPuns[0]}::uuid, ${bPuns[1]}::uuid, ${cPun}::uuid, ${dPun}::uuid) order by id`,
    );
    const delta = new Map(
      countsAfter.map((a) => {
        const b = countsBefore.find((x) => x.id === a.id);
        return [
          a.id,
          [a.crown_count - (b?.crown_count ?? 0), a.report_count - (b?.report_count ?? 0)],
        ];
      }),
    );
    expect(delta.get(bPuns[0] ?? '')).toEqual([-1, 0]);
    expect(delta.get(bPuns[1] ?? '')).toEqual([0, -1]);
    expect(delta.get(cPun)).toEqual([0, -1]);
    expect(delta.get(dPun)).toEqual([0, 0]);
    const [b] = await queryRows<{ crown_count: number }>(
      t.database.db,
      sql`select crown_count from users where id = ${others.b.id}::uuid`,
    );
    expect(b?.crown_count).toBe(1); // c's crown on b0 is still there

    // Other viewers' feeds are told to drop the player's puns, and the new counts.
    const events = await queryRows<{ type: string; payload: Record<string, unknown> }>(
      t.database.db,
      sql`select type, payload from events where id > ${lastEvent[0]?.id ?? '0'}::bigint order by id`,
    );
    expect(events).toContainEqual({
      type: 'moderation',
      payload: { userId: owner.id, hidden: true },
    });
    expect(events).toContainEqual({
      type: 'crowns',
      payload: { userId: others.b.id, crownCount: 1 },
    });
    expect(events.filter((e) => e.type === 'reactions')).toHaveLength(4);

    // Neither session works any more, on any route.
    for (const cookie of [owner.cookie, otherDevice]) {
      expect((await call('GET', '/api/auth/session', cookie)).json()).toEqual({ user: null });
      expect((await call('GET', '/api/friends', cookie)).statusCode).toBe(401);
      expect((await call('GET', '/api/me/export', cookie)).statusCode).toBe(401);
    }
    // The player's puns are gone from everyone's feeds.
    const feed = await call('GET', '/api/feed/global?period=topweek', others.b.cookie);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain(owner.id);
    const logIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(logIn.statusCode).toBe(401);
    // The address is free again.
    const again = await signUpUser(t.app, { email: owner.email, password: 'a new password' });
    expect(again.user.id).not.toBe(owner.id);
    expect(again.user.displayName).toBe(owner.displayName);
  });

  it('keeps every counter equal to a recount when others react while the player is deleted', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const owner = await signUp();
      const fans = await seedUsers(t.database.db, 4, `fan${round}-`);
      const days = ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'];
      const ownPuns = await Promise.all(
        days.map((day) => seedPun(t.database.db, owner.id, { day })),
      );
      const theirPuns = await Promise.all(
        fans.map((fan, i) => seedPun(t.database.db, fan.id, { day: days[i] })),
      );
      // The owner reacted to each fan's pun (a crown on the first) and reported the last.
      const kinds = ['crown', 'fire', 'thinker', 'laughing'] as const;
      for (const [i, punId] of theirPuns.entries()) {
        expect((await react(punId, kinds[i] ?? 'fire', owner.cookie)).statusCode).toBe(200);
      }
      await call('POST', `/api/puns/${theirPuns[3]}/report`, owner.cookie, { reason: 'other' });

      // Staggered, so that some land before, some during and some after the deletion (which
      // first spends a while checking the password).
      const later = <T>(i: number, request: () => Promise<T>) =>
        new Promise<T>((resolve, reject) => {
          setTimeout(() => request().then(resolve, reject), i * 8);
        });
      const racing = [
        // Fans react to the owner's puns (crowns too: one per fan per day) ...
        ...fans.flatMap((fan, i) =>
          ownPuns.map(
            (punId, j) => () => react(punId, (i + j) % 2 === 0 ? 'crown' : 'fire', fan.cookie),
          ),
        ),
        // ... and to each other's puns, which the owner's reactions also touch ...
        ...fans.map(
          (fan, i) => () => react(theirPuns[(i + 1) % fans.length] ?? '', 'laughing', fan.cookie),
        ),
        // ... and report them.
        ...fans.map(
          (fan, i) => () =>
            call('POST', `/api/puns/${theirPuns[(i + 2) % fans.length]}/report`, fan.cookie, {
              reason: 'spam',
            }),
        ),
      ];
      // Interleaved kinds of request, each a little later than the one before.
      const order = racing.map((_, i) => (i * 7) % racing.length);
      const [deleted, ...results] = await Promise.all([
        deleteMe(owner.cookie, PASSWORD),
        ...order.map((k, i) => later(i, () => (racing[k] as () => ReturnType<typeof call>)())),
      ]);
      expect(deleted?.statusCode, deleted?.body).toBe(200);
      for (const r of results) expect([200, 201, 404, 409], r.body).toContain(r.statusCode);
      statuses.push(...results.map((r) => r.statusCode));
      await expectCountersMatchRecounts();
      expect(await rowsOf(owner.id)).toMatchObject({ users: 0, puns: 0, reactions: 0 });
    }
    // The race was real: some requests landed before the deletion, some after it.
    expect(statuses).toContain(200);
    expect(statuses).toContain(404);
  });

  // Two instances can share a database only on PostgreSQL.
  if (kind === 'postgres')
    it("ends the player's sessions on every instance at once", async () => {
      const second = await createTestApp(kind, { databaseUrl: t.database.url ?? '' });
      extra.push(second);
      const owner = await signUp();
      // The second instance has the session cached.
      expect((await call('GET', '/api/friends', owner.cookie, undefined, second)).statusCode).toBe(
        200,
      );
      expect((await deleteMe(owner.cookie, PASSWORD)).statusCode).toBe(200);
      await expect
        .poll(
          async () =>
            (await call('GET', '/api/friends', owner.cookie, undefined, second)).statusCode,
          { timeout: 5_000 },
        )
        .toBe(401);
    });
});
