import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryRows } from '#server/db/connect';
import { createTestApp, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedPun, seedUsers } from '#server/testing/seed';
import { messages } from '#shared/messages';

describeEachDb('reactions', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const react = (punId: string, reaction: string, cookie: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/puns/${punId}/reaction`,
      payload: { reaction },
      headers: { cookie },
    });

  /** Counters on rows must equal a recount of the reactions (spec rule, DESIGN.md). */
  const expectCountersMatchRecount = async () => {
    const bad = await queryRows(
      t.database.db,
      sql`select p.id from puns p where
            p.crown_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'crown')
         or p.fire_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'fire')
         or p.thinker_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'thinker')
         or p.laughing_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'laughing')`,
    );
    expect(bad).toEqual([]);
    const badUsers = await queryRows(
      t.database.db,
      sql`select u.id from users u where u.crown_count <>
            (select count(*) from reactions r join puns p on p.id = r.pun_id where p.user_id = u.id and r.kind = 'crown')`,
    );
    expect(badUsers).toEqual([]);
  };

  it("sets, replaces and clears a reaction, with counts and the author's crowns on the rows", async () => {
    const [author, fan] = await seedUsers(t.database.db, 2);
    if (!author || !fan) throw new Error('seed');
    const punId = await seedPun(t.database.db, author.id);

    const fire = await react(punId, 'fire', fan.cookie);
    expect(fire.statusCode).toBe(200);
    expect(fire.json()).toEqual({
      punId,
      reactions: { crown: 0, fire: 1, thinker: 0, laughing: 0 },
      myReaction: 'fire',
    });

    const crown = await react(punId, 'crown', fan.cookie);
    expect(crown.json()).toMatchObject({ reactions: { crown: 1, fire: 0 }, myReaction: 'crown' });
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: author.cookie },
    });
    expect(session.json().user.crownCount).toBe(1);

    const again = await react(punId, 'crown', fan.cookie);
    expect(again.json()).toMatchObject({ reactions: { crown: 0, fire: 0 }, myReaction: null });
    expect(
      (await t.app.inject({ url: '/api/auth/session', headers: { cookie: author.cookie } })).json()
        .user.crownCount,
    ).toBe(0);

    // The spec's other reading of the names is accepted.
    expect((await react(punId, 'banger', fan.cookie)).json().myReaction).toBe('fire');
    expect((await react(punId, 'laugher', fan.cookie)).json().myReaction).toBe('laughing');
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/puns/${punId}/reaction`,
      headers: { cookie: fan.cookie },
    });
    expect(cleared.json().myReaction).toBeNull();
    await expectCountersMatchRecount();
  });

  it('refuses a reaction on your own pun, an unknown pun, a bad key and no session', async () => {
    const [author] = await seedUsers(t.database.db, 1);
    if (!author) throw new Error('seed');
    const punId = await seedPun(t.database.db, author.id);
    const own = await react(punId, 'fire', author.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(messages.reactions.ownPun);
    expect(
      (await react('00000000-0000-4000-8000-000000000000', 'fire', author.cookie)).statusCode,
    ).toBe(404);
    expect((await react(punId, 'love', author.cookie)).statusCode).toBe(400);
    expect((await react('not-a-uuid', 'fire', author.cookie)).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/puns/${punId}/reaction`,
      payload: { reaction: 'fire' },
    });
    expect(anonymous.statusCode).toBe(401);
    await expectCountersMatchRecount();
  });

  it("allows one crown per giver per day across all puns; removing it frees the day's crown", async () => {
    const [a, b, fan] = await seedUsers(t.database.db, 3);
    if (!a || !b || !fan) throw new Error('seed');
    const punA = await seedPun(t.database.db, a.id);
    const punB = await seedPun(t.database.db, b.id);
    expect((await react(punA, 'crown', fan.cookie)).statusCode).toBe(200);
    const second = await react(punB, 'crown', fan.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(messages.reactions.oneCrown);
    expect((await react(punB, 'fire', fan.cookie)).statusCode).toBe(200);
    expect((await react(punA, 'thinker', fan.cookie)).statusCode).toBe(200);
    expect((await react(punB, 'crown', fan.cookie)).json().myReaction).toBe('crown');
    await expectCountersMatchRecount();
  });

  it('stores exactly one of 50 concurrent crowns by one user on 50 different puns', async () => {
    const authors = await seedUsers(t.database.db, 50, 'author');
    const [fan] = await seedUsers(t.database.db, 1, 'fan');
    if (!fan) throw new Error('seed');
    const punIds = await Promise.all(authors.map((a) => seedPun(t.database.db, a.id)));
    const results = await Promise.all(punIds.map((id) => react(id, 'crown', fan.cookie)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from reactions where user_id = ${fan.id} and kind = 'crown'`,
    );
    expect(row?.n).toBe(1);
    await expectCountersMatchRecount();
  });

  it('leaves a consistent state after 50 concurrent toggles on one pun', async () => {
    const [author, ...fans] = await seedUsers(t.database.db, 6);
    if (!author) throw new Error('seed');
    const punId = await seedPun(t.database.db, author.id);
    const keys = ['crown', 'fire', 'thinker', 'laughing'];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        react(punId, keys[i % 4] ?? 'fire', fans[i % fans.length]?.cookie ?? ''),
      ),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    await expectCountersMatchRecount();
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from reactions where pun_id = ${punId}`,
    );
    expect(row?.n).toBeLessThanOrEqual(fans.length);
  });
});
