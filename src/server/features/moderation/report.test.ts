// Reporting a pun (issue 8): once per reporter, never one's own, counted exactly under
// concurrency, hidden from every shared list at the threshold (its author still sees it, marked),
// and the feed caches of every instance drop it.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runModerate } from '#server/cli/moderate-command';
import { queryRows } from '#server/db/connect';
import { createTestApp, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedPun, seedUsers } from '#server/testing/seed';
import { openEventStream } from '#server/testing/sse';
import { feedPage } from '#shared/api';
import {
  DEFAULT_REPORT_HIDE_THRESHOLD,
  moderationMessages,
  REPORT_NOTE_MAX_LENGTH,
} from '#shared/moderation';

describeEachDb('report a pun', (kind) => {
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
    cookie?: string,
    payload?: object,
    app: TestApp = t,
  ) => {
    const res = await app.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const report = (punId: string, cookie: string, body: object = { reason: 'spam' }) =>
    call('POST', `/api/puns/${punId}/report`, cookie, body);
  const ids = async (url: string, cookie: string, app: TestApp = t) => {
    const res = await call('GET', url, cookie, undefined, app);
    expect(res.status, url).toBe(200);
    const body = url.startsWith('/api/puns/top-week') ? res.body : feedPage.parse(res.body);
    return (body.puns as Array<{ id: string }>).map((p) => p.id);
  };
  const state = async (punId: string) => {
    const [row] = await queryRows<{
      report_count: number;
      moderation: string;
      moderated_at: Date | string | null;
      recount: number;
    }>(
      t.database.db,
      sql`select report_count, moderation, moderated_at,
            (select count(*)::int from reports r where r.pun_id = p.id) as recount
          from puns p where id = ${punId}`,
    );
    if (!row) throw new Error('no pun');
    return row;
  };
  const sharedFeeds = [
    '/api/feed/global?period=today',
    '/api/feed/global?period=topweek',
    '/api/puns/top-week?limit=10',
  ];

  it('takes a report once per player, with a reason and an optional note, never on your own pun', async () => {
    const [author, reporter] = await seedUsers(t.database.db, 2);
    if (!author || !reporter) throw new Error('seed');
    const punId = await seedPun(t.database.db, author.id, { text: 'Reportable' });

    const first = await report(punId, reporter.cookie, {
      reason: 'offensive',
      note: '  Not nice\u001b[31m at all  ',
    });
    expect(first).toEqual({ status: 201, body: { message: moderationMessages.reported } });
    const [stored] = await queryRows<{ reason: string; note: string }>(
      t.database.db,
      sql`select reason, note from reports where pun_id = ${punId}`,
    );
    // Control characters never reach the operator's terminal.
    expect(stored).toEqual({ reason: 'offensive', note: 'Not nice[31m at all' });

    const again = await report(punId, reporter.cookie, { reason: 'spam' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(moderationMessages.alreadyReported);

    const own = await report(punId, author.cookie);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(moderationMessages.ownPun);

    expect(await state(punId)).toMatchObject({
      report_count: 1,
      recount: 1,
      moderation: 'visible',
    });
  });

  it('refuses bad reports with a clear 4xx', async () => {
    const [author, reporter] = await seedUsers(t.database.db, 2);
    if (!author || !reporter) throw new Error('seed');
    const punId = await seedPun(t.database.db, author.id);
    const bad = await report(punId, reporter.cookie, { reason: 'boring' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(moderationMessages.chooseReason);
    expect((await report(punId, reporter.cookie, {})).body.message).toBe(
      moderationMessages.chooseReason,
    );
    const long = await report(punId, reporter.cookie, {
      reason: 'other',
      note: 'é'.repeat(REPORT_NOTE_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(moderationMessages.noteTooLong);
    // 500 emoji are 1000 UTF-16 units but 500 characters: allowed, as the database counts.
    expect(
      (await report(punId, reporter.cookie, { reason: 'other', note: '🙃'.repeat(500) })).status,
    ).toBe(201);
    const ghost = await report('00000000-0000-4000-8000-000000000000', reporter.cookie);
    expect(ghost.status).toBe(404);
    expect(ghost.body.message).toBe(moderationMessages.punNotFound);
    const malformed = await report('not-a-pun', reporter.cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(moderationMessages.punNotFound);
    expect((await report(punId, '')).status).toBe(401);
    expect(await state(punId)).toMatchObject({ report_count: 1, recount: 1 });
  });

  it('hides a pun at the threshold from every shared list; its author still sees it, marked', async () => {
    expect(t.ctx.config.reportHideThreshold).toBe(DEFAULT_REPORT_HIDE_THRESHOLD);
    const [author, friend, ...reporters] = await seedUsers(t.database.db, 6);
    if (!author || !friend) throw new Error('seed');
    const punId = await seedPun(t.database.db, author.id, { text: 'Edgy pun' });
    const otherPun = await seedPun(t.database.db, friend.id, { text: 'Fine pun' });
    await call('PUT', `/api/friends/${author.id}`, friend.cookie);

    // Warm the shared caches, so the hiding has to drop cached pages.
    for (const url of sharedFeeds) expect(await ids(url, friend.cookie)).toContain(punId);

    for (const [i, reporter] of reporters.slice(0, 2).entries()) {
      expect((await report(punId, reporter.cookie)).status).toBe(201);
      expect(await state(punId)).toMatchObject({ report_count: i + 1, moderation: 'visible' });
    }
    for (const url of sharedFeeds) expect(await ids(url, friend.cookie)).toContain(punId);

    const stream = await (async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      return openEventStream(`http://127.0.0.1:${port}/api/events`, friend.cookie);
    })();
    try {
      expect((await report(punId, reporters[2]?.cookie ?? '')).status).toBe(201);
      const event = await stream.next('moderation');
      expect(JSON.parse(event.data)).toEqual({ punId, userId: author.id, hidden: true });
    } finally {
      stream.close();
    }
    const hidden = await state(punId);
    expect(hidden).toMatchObject({ report_count: 3, recount: 3, moderation: 'hidden' });
    expect(hidden.moderated_at).not.toBeNull();

    for (const url of [...sharedFeeds, '/api/feed/friends', `/api/users/${author.id}/puns`]) {
      const seen = await ids(url, friend.cookie);
      expect(seen, url).not.toContain(punId);
    }
    expect(await ids('/api/feed/global?period=today', friend.cookie)).toContain(otherPun);
    // The author: not in the shared feeds, but on their own page, marked hidden.
    expect(await ids('/api/feed/global?period=today', author.cookie)).not.toContain(punId);
    const own = feedPage.parse(
      (await call('GET', `/api/users/${author.id}/puns`, author.cookie)).body,
    );
    expect(own.puns.find((p) => p.id === punId)).toMatchObject({ id: punId, hidden: true });
    expect(
      feedPage
        .parse((await call('GET', `/api/users/${friend.id}/puns`, friend.cookie)).body)
        .puns.find((p) => p.id === otherPun),
    ).not.toHaveProperty('hidden');

    // A fourth report counts; the hiding time stays the first one.
    expect((await report(punId, reporters[3]?.cookie ?? '')).status).toBe(201);
    expect(await state(punId)).toMatchObject({
      report_count: 4,
      recount: 4,
      moderation: 'hidden',
      moderated_at: hidden.moderated_at,
    });
  });

  it('keeps a restored pun visible whatever further reports say', async () => {
    const [author, viewer, ...reporters] = await seedUsers(t.database.db, 8);
    if (!author || !viewer) throw new Error('seed');
    const punId = await seedPun(t.database.db, author.id);
    for (const r of reporters.slice(0, 3)) await report(punId, r.cookie);
    expect((await state(punId)).moderation).toBe('hidden');
    const lines: string[] = [];
    expect(await runModerate(['restore', punId], t.database.db, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain('Restored');
    await expect.poll(() => ids('/api/feed/global?period=today', viewer.cookie)).toContain(punId);
    for (const r of reporters.slice(3)) expect((await report(punId, r.cookie)).status).toBe(201);
    expect(await state(punId)).toMatchObject({
      report_count: 6,
      recount: 6,
      moderation: 'restored',
    });
    expect(await ids('/api/feed/global?period=today', viewer.cookie)).toContain(punId);
  });

  it('uses REPORT_HIDE_THRESHOLD from the configuration', async () => {
    const two = await createTestApp(kind, { env: { REPORT_HIDE_THRESHOLD: '1' } });
    extra.push(two);
    const [author, reporter] = await seedUsers(two.database.db, 2);
    if (!author || !reporter) throw new Error('seed');
    const punId = await seedPun(two.database.db, author.id);
    expect(
      (await call('POST', `/api/puns/${punId}/report`, reporter.cookie, { reason: 'spam' }, two))
        .status,
    ).toBe(201);
    const [row] = await queryRows<{ moderation: string }>(
      two.database.db,
      sql`select moderation from puns where id = ${punId}`,
    );
    expect(row?.moderation).toBe('hidden');
  });

  it('counts simultaneous reports exactly and hides exactly at the threshold', async () => {
    const reporters = await seedUsers(t.database.db, 9);
    const [author] = await seedUsers(t.database.db, 1, 'author');
    if (!author) throw new Error('seed');
    const below = await seedPun(t.database.db, author.id, { day: '2026-01-01' });
    const above = await seedPun(t.database.db, author.id, { day: '2026-01-02' });
    const threshold = DEFAULT_REPORT_HIDE_THRESHOLD;
    const results = await Promise.all([
      ...reporters.slice(0, threshold - 1).map((r) => report(below, r.cookie)),
      ...reporters.map((r) => report(above, r.cookie)),
      // The same player many times at once: one report.
      ...Array.from({ length: 5 }, () => report(below, reporters[8]?.cookie ?? '')),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(threshold - 1 + 9 + 1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(await state(above)).toMatchObject({ report_count: 9, recount: 9, moderation: 'hidden' });
    // threshold - 1 distinct players plus the one who tried five times: exactly the threshold.
    expect(await state(below)).toMatchObject({
      report_count: threshold,
      recount: threshold,
      moderation: 'hidden',
    });
    const [events] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from events where type = 'moderation'`,
    );
    // One hiding each, however many reports crossed the line at once.
    expect(events?.n).toBe(2);
  });

  // Two instances can share a database only on PostgreSQL.
  if (kind === 'postgres')
    it("drops a hidden pun from another instance's cached feeds", async () => {
      const second = await createTestApp(kind, { databaseUrl: t.database.url ?? '' });
      extra.push(second);
      const [author, viewer, ...reporters] = await seedUsers(t.database.db, 5);
      if (!author || !viewer) throw new Error('seed');
      const punId = await seedPun(t.database.db, author.id);
      for (const url of sharedFeeds) expect(await ids(url, viewer.cookie, second)).toContain(punId);
      for (const r of reporters) await report(punId, r.cookie);
      for (const url of sharedFeeds)
        await expect
          .poll(() => ids(url, viewer.cookie, second), { timeout: 5_000 })
          .not.toContain(punId);
    });
});
