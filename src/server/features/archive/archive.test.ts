import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { manualClock } from '#server/clock';
import { queryRows } from '#server/db/connect';
import { createTestApp, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedPun, seedUsers } from '#server/testing/seed';
import { archiveDayResponse, archiveListResponse, archiveMessages } from '#shared/archive';
import { laInstant } from '#shared/la-day';
import { messages } from '#shared/messages';

const TODAY = '2026-11-22';
const YESTERDAY = '2026-11-21';

describeEachDb('archive', (kind) => {
  let t: TestApp;
  const clock = manualClock(laInstant(TODAY, 12).getTime());
  beforeEach(async () => {
    clock.set(laInstant(TODAY, 12).getTime());
    t = await createTestApp(kind, { clock });
  });
  afterEach(async () => {
    await t.close();
  });

  const get = async (url: string, cookie: string) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    return { status: res.statusCode, body: res.json() };
  };
  const list = async (cookie: string, query = '') => {
    const res = await get(`/api/archive${query}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return archiveListResponse.strict().parse(res.body);
  };
  const dayPage = async (day: string, cookie: string, query = '') => {
    const res = await get(`/api/archive/${day}${query}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return archiveDayResponse.strict().parse(res.body);
  };
  /** Every pun id of a day's ranking, following the cursor `limit` at a time. */
  const allOfDay = async (day: string, cookie: string, limit: number) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page = await dayPage(
        day,
        cookie,
        `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.puns.length).toBeLessThanOrEqual(limit);
      ids.push(...page.puns.map((p) => p.id));
      cursor = page.nextCursor;
      if (!cursor) return ids;
    }
    throw new Error('too many pages');
  };
  const at = (day: string, hour: number, minute = 0) =>
    new Date(laInstant(day, hour).getTime() + minute * 60_000);
  const hide = async (punId: string) => {
    // As three reports would: the report rows, the counter and the moderation state.
    const reporters = await seedUsers(t.database.db, 3, 'reporter');
    for (const r of reporters)
      await t.database.db.execute(
        sql`insert into reports (pun_id, reporter_id, reason) values (${punId}, ${r.id}, 'spam')`,
      );
    await t.database.db.execute(
      sql`update puns set moderation = 'hidden', report_count = 3, moderated_at = now() where id = ${punId}`,
    );
  };
  const block = (blockerId: string, blockedId: string) =>
    t.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${blockerId}, ${blockedId})`,
    );
  const react = (punId: string, reaction: string, cookie: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/puns/${punId}/reaction`,
      payload: { reaction },
      headers: { cookie },
    });

  /** Four past days and today, by eight players; what each test needs to know about them. */
  async function seedWeek() {
    const [viewer, a, b, c, d, e, f, g] = await seedUsers(t.database.db, 8);
    if (!viewer || !a || !b || !c || !d || !e || !f || !g) throw new Error('seed');
    const db = t.database.db;
    // Yesterday: a tie on crowns, broken by the earlier pun.
    const later = await seedPun(db, a.id, {
      day: YESTERDAY,
      createdAt: at(YESTERDAY, 10),
      crowns: 2,
    });
    const earlier = await seedPun(db, b.id, {
      day: YESTERDAY,
      createdAt: at(YESTERDAY, 9),
      crowns: 2,
    });
    const third = await seedPun(db, c.id, {
      day: YESTERDAY,
      createdAt: at(YESTERDAY, 8),
      crowns: 1,
    });
    // 11-20: the most crowned pun is hidden after reports.
    const hidden = await seedPun(db, d.id, {
      day: '2026-11-20',
      createdAt: at('2026-11-20', 8),
      crowns: 5,
    });
    await hide(hidden);
    const shown = await seedPun(db, e.id, { day: '2026-11-20', createdAt: at('2026-11-20', 9) });
    // 11-19: the viewer blocked the author of the most crowned pun.
    const blocked = await seedPun(db, f.id, {
      day: '2026-11-19',
      createdAt: at('2026-11-19', 8),
      crowns: 3,
    });
    const unblocked = await seedPun(db, g.id, {
      day: '2026-11-19',
      createdAt: at('2026-11-19', 9),
      crowns: 1,
    });
    await block(viewer.id, f.id);
    // 11-18: a challenge nobody answered.
    await db.execute(
      sql`insert into challenges (day, category, output) values ('2026-11-18', 'Animals', 'Band Name')`,
    );
    // Today's puns are not archive yet.
    const todays = await seedPun(db, a.id, { day: TODAY, createdAt: at(TODAY, 8), crowns: 9 });
    return {
      viewer,
      a,
      b,
      c,
      d,
      e,
      f,
      g,
      later,
      earlier,
      third,
      hidden,
      shown,
      blocked,
      unblocked,
      todays,
    };
  }

  it('lists past days newest first with counts and the top pun, leaving out today', async () => {
    const s = await seedWeek();
    const { days, nextCursor } = await list(s.viewer.cookie);
    expect(nextCursor).toBeNull();
    expect(days.map((d) => [d.day, d.punCount, d.topPun?.id ?? null])).toEqual([
      [YESTERDAY, 3, s.earlier],
      ['2026-11-20', 1, s.shown],
      ['2026-11-19', 1, s.unblocked],
      ['2026-11-18', 0, null],
    ]);
    expect(days[0]).toMatchObject({ category: 'Food', output: 'Restaurant Name' });
    expect(days[0]?.topPun).toMatchObject({ reactions: { crown: 2 }, day: YESTERDAY });
    expect(days[3]).toMatchObject({ category: 'Animals', output: 'Band Name' });
    expect(JSON.stringify(days)).not.toContain(s.todays);

    // Someone who blocked nobody sees the blocked player's pun on top; the hidden one stays out.
    const other = await list(s.g.cookie);
    expect(other.days.map((d) => [d.day, d.punCount, d.topPun?.id ?? null])).toEqual([
      [YESTERDAY, 3, s.earlier],
      ['2026-11-20', 1, s.shown],
      ['2026-11-19', 2, s.blocked],
      ['2026-11-18', 0, null],
    ]);

    // The hidden pun's author still sees it, marked, as in the other lists.
    const author = await list(s.d.cookie);
    expect(author.days[1]).toMatchObject({ punCount: 2, topPun: { id: s.hidden, hidden: true } });
  });

  it('pages the list by day with a cursor, and refuses a cursor that is not a day', async () => {
    const s = await seedWeek();
    const first = await list(s.viewer.cookie, '?limit=2');
    expect(first.days.map((d) => d.day)).toEqual([YESTERDAY, '2026-11-20']);
    expect(first.nextCursor).toBe('2026-11-20');
    const second = await list(s.viewer.cookie, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.days.map((d) => d.day)).toEqual(['2026-11-19', '2026-11-18']);
    expect(second.nextCursor).toBeNull();
    // A cursor in the future still never reaches today.
    const ahead = await list(s.viewer.cookie, '?cursor=2027-01-01&limit=1');
    expect(ahead.days.map((d) => d.day)).toEqual([YESTERDAY]);

    for (const bad of ['yesterday', '2026-02-30', '2026-11-2']) {
      const res = await get(`/api/archive?cursor=${bad}`, s.viewer.cookie);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(archiveMessages.badCursor);
    }
    expect((await get('/api/archive?limit=0', s.viewer.cookie)).status).toBe(400);
  });

  it("ranks a day's puns by crowns then earliest, cursor-paged, with the viewer's reactions", async () => {
    const [viewer, ...authors] = await seedUsers(t.database.db, 9);
    if (!viewer) throw new Error('seed');
    // Crowns per author; ties are broken by the earlier pun, then by id (same instant).
    const crowns = [3, 3, 1, 3, 0, 1, 5, 1];
    const ids: { id: string; crowns: number; at: number }[] = [];
    for (const [i, author] of authors.entries()) {
      const createdAt = at(YESTERDAY, 8, i < 2 ? 0 : i * 7);
      const id = await seedPun(t.database.db, author.id, {
        day: YESTERDAY,
        createdAt,
        crowns: crowns[i] ?? 0,
      });
      ids.push({ id, crowns: crowns[i] ?? 0, at: createdAt.getTime() });
    }
    const expected = [...ids]
      .sort((x, y) => y.crowns - x.crowns || x.at - y.at || (x.id < y.id ? -1 : 1))
      .map((p) => p.id);
    for (const limit of [1, 2, 3, 50])
      expect(await allOfDay(YESTERDAY, viewer.cookie, limit)).toEqual(expected);

    const target = expected[2] ?? '';
    expect((await react(target, 'fire', viewer.cookie)).statusCode).toBe(200);
    const page = await dayPage(YESTERDAY, viewer.cookie);
    expect(page.challenge).toMatchObject({ day: YESTERDAY, category: 'Food' });
    expect(page.punCount).toBe(8);
    expect(page.puns.find((p) => p.id === target)).toMatchObject({
      myReaction: 'fire',
      reactions: { fire: 1 },
    });
    expect(page.puns.filter((p) => p.myReaction !== null)).toHaveLength(1);

    const res = await get(`/api/archive/${YESTERDAY}?cursor=not-a-cursor`, viewer.cookie);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(archiveMessages.badCursor);
  });

  it("leaves hidden puns and blocked players' puns out of a day, but shows the author their own", async () => {
    const s = await seedWeek();
    const blockedDay = await dayPage('2026-11-19', s.viewer.cookie);
    expect(blockedDay.puns.map((p) => p.id)).toEqual([s.unblocked]);
    expect(blockedDay.punCount).toBe(1);
    const hiddenDay = await dayPage('2026-11-20', s.viewer.cookie);
    expect(hiddenDay.puns.map((p) => p.id)).toEqual([s.shown]);
    const ownHidden = await dayPage('2026-11-20', s.d.cookie);
    expect(ownHidden.puns.map((p) => [p.id, p.hidden ?? false])).toEqual([
      [s.hidden, true],
      [s.shown, false],
    ]);
    const empty = await dayPage('2026-11-18', s.viewer.cookie);
    expect(empty).toMatchObject({ punCount: 0, puns: [], nextCursor: null });
  });

  it('answers 400 for a malformed day and 404 for today, a future day and a day without a challenge', async () => {
    const s = await seedWeek();
    for (const bad of ['yesterday', '2026-13-01', '2026-02-30', '2026-1-01', '20261121']) {
      const res = await get(`/api/archive/${bad}`, s.viewer.cookie);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(archiveMessages.badDay);
    }
    const today = await get(`/api/archive/${TODAY}`, s.viewer.cookie);
    expect(today).toEqual({
      status: 404,
      body: { error: 'archive_today', message: archiveMessages.today },
    });
    // Even when an operator already made tomorrow's challenge.
    await t.database.db.execute(
      sql`insert into challenges (day, category, output) values ('2026-11-23', 'Food', 'Dish')`,
    );
    const future = await get('/api/archive/2026-11-23', s.viewer.cookie);
    expect(future).toEqual({
      status: 404,
      body: { error: 'archive_future', message: archiveMessages.future },
    });
    const none = await get('/api/archive/2025-01-01', s.viewer.cookie);
    expect(none).toEqual({
      status: 404,
      body: { error: 'archive_no_challenge', message: archiveMessages.noChallenge },
    });
    expect((await t.app.inject({ url: '/api/archive' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/archive/${YESTERDAY}` })).statusCode).toBe(401);
  });

  it('keeps past days read-only: a pun always goes to today', async () => {
    const [player] = await seedUsers(t.database.db, 1);
    if (!player) throw new Error('seed');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/puns',
      payload: { text: 'Back to the past', day: YESTERDAY },
      headers: { cookie: player.cookie },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().pun.day).toBe(TODAY);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from puns where day = ${YESTERDAY}`,
    );
    expect(row?.n).toBe(0);
  });

  it('counts a crown on a past pun against the day it is given', async () => {
    const s = await seedWeek();
    const fan = s.viewer;
    // Crowning yesterday's pun today uses today's crown: today's pun cannot have one too.
    expect((await react(s.later, 'crown', fan.cookie)).statusCode).toBe(200);
    const refused = await react(s.todays, 'crown', fan.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.reactions.oneCrown);
    // Nor a pun of another past day.
    expect((await react(s.shown, 'crown', fan.cookie)).statusCode).toBe(409);
    // Other reactions on past puns are fine.
    expect((await react(s.shown, 'laughing', fan.cookie)).statusCode).toBe(200);
    // The next day brings a new crown, which may also go to a past pun.
    clock.set(laInstant('2026-11-23', 9).getTime());
    expect((await react(s.unblocked, 'crown', fan.cookie)).statusCode).toBe(200);
    const [given] = await queryRows<{ days: string[] }>(
      t.database.db,
      sql`select array_agg(given_day order by given_day) as days from reactions
          where user_id = ${fan.id} and kind = 'crown'`,
    );
    expect(given?.days).toEqual([TODAY, '2026-11-23']);
  });

  it('lets only one of two concurrent crowns on different past puns through', async () => {
    const s = await seedWeek();
    const [first, second] = await Promise.all([
      react(s.third, 'crown', s.g.cookie),
      react(s.shown, 'crown', s.g.cookie),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    // Each pun's crowns are what it was seeded with plus the crowns given since.
    const seeded: Record<string, number> = {
      [s.later]: 2,
      [s.earlier]: 2,
      [s.third]: 1,
      [s.hidden]: 5,
      [s.blocked]: 3,
      [s.unblocked]: 1,
      [s.todays]: 9,
    };
    const rows = await queryRows<{ id: string; crown_count: number; given: number }>(
      t.database.db,
      sql`select p.id, p.crown_count,
            (select count(*)::int from reactions r where r.pun_id = p.id and r.kind = 'crown') as given
          from puns p`,
    );
    for (const row of rows) expect(row.crown_count).toBe((seeded[row.id] ?? 0) + row.given);
    expect(rows.reduce((sum, row) => sum + row.given, 0)).toBe(1);
    const page = await dayPage(YESTERDAY, s.g.cookie);
    const winner = first?.statusCode === 200 ? s.third : s.shown;
    expect(page.puns.filter((p) => p.myReaction === 'crown').map((p) => p.id)).toEqual(
      winner === s.third ? [s.third] : [],
    );
  });
});
