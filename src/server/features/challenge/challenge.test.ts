import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { manualClock, offsetClock } from '#server/clock';
import { type Database, openDatabase, queryRows } from '#server/db/connect';
import { startDailyChallengeJob } from '#server/jobs/daily-challenge';
import { createTestApp, signUpUser, silentLog, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { scriptedGenerator } from '#server/testing/generators';
import { addDays, laDayOf, laDayStart } from '#shared/la-day';
import { messages } from '#shared/messages';
import { CATEGORIES, OUTPUTS } from './catalog.ts';
import {
  type ChallengeContext,
  ensureChallenge,
  generateAiExample,
  getChallenge,
  setChallenge,
} from './service.ts';

describeEachDb('daily challenge', (kind) => {
  let t: TestApp;
  let second: Database | undefined;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await second?.close();
    second = undefined;
    await t.close();
  });

  const contextFor = (
    database: Database,
    generator = scriptedGenerator(({ category }) => `A ${category} pun`),
  ) =>
    ({
      db: database.db,
      clock: t.ctx.clock,
      generator,
      logger: silentLog,
    }) satisfies ChallengeContext;

  /** A second "instance": its own connection pool on PostgreSQL; the same database on PGlite. */
  const otherInstance = async () => {
    if (t.database.url)
      second = await openDatabase({ databaseUrl: t.database.url, migrate: false });
    return second ?? t.database;
  };

  it('ships at least 30 categories (with the fallback ten) and 15 outputs', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CATEGORIES).size).toBe(CATEGORIES.length);
    for (const c of [
      'Adventure',
      'Movies',
      'Food',
      'Sports',
      'Music',
      'Technology',
      'Books',
      'Travel',
      'Animals',
      'Art',
    ]) {
      expect(CATEGORIES).toContain(c);
    }
    expect(OUTPUTS.length).toBeGreaterThanOrEqual(15);
    expect(OUTPUTS).toContain('Restaurant Name');
  });

  it('creates a day exactly once when two instances race, and makes one AI example', async () => {
    const generatorA = scriptedGenerator(() => 'Pun from A');
    const generatorB = scriptedGenerator(() => 'Pun from B');
    const a = contextFor(t.database, generatorA);
    const b = contextFor(await otherInstance(), generatorB);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ensureChallenge(i % 2 ? a : b, '2026-12-01')),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    await Promise.all(results.map((r) => r.aiJob));
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from challenges`,
    );
    expect(rows[0]?.n).toBe(1);
    expect(generatorA.calls.length + generatorB.calls.length).toBe(1);
    const stored = await getChallenge(t.database.db, '2026-12-01');
    expect(stored?.aiStatus).toBe('success');
    expect(['Pun from A', 'Pun from B']).toContain(stored?.aiPun);
  });

  it('never repeats a category within 14 days', async () => {
    const ctx = contextFor(t.database);
    const days = Array.from({ length: 45 }, (_, i) => addDays('2027-01-01', i));
    for (const day of days) await (await ensureChallenge(ctx, day)).aiJob;
    const rows = await queryRows<{ day: string; category: string }>(
      t.database.db,
      sql`select day, category from challenges order by day`,
    );
    for (let i = 0; i < rows.length; i++) {
      for (let j = i + 1; j < Math.min(rows.length, i + 14); j++) {
        expect(rows[j]?.category, `${rows[i]?.day} and ${rows[j]?.day}`).not.toBe(
          rows[i]?.category,
        );
      }
    }
  });

  it('records a failed AI example as failed, and a second claimant does not run it again', async () => {
    const failing = scriptedGenerator(() => {
      throw new Error('model offline');
    });
    const ctx = contextFor(t.database, failing);
    const { aiJob } = await ensureChallenge(ctx, '2026-12-02');
    expect((await getChallenge(t.database.db, '2026-12-02'))?.aiStatus).toMatch(/pending|failed/);
    await aiJob;
    await generateAiExample(ctx, '2026-12-02');
    expect(failing.calls).toHaveLength(1);
    expect(await getChallenge(t.database.db, '2026-12-02')).toMatchObject({
      aiStatus: 'failed',
      aiPun: null,
    });
  });

  it("lets the operator replace a day's challenge and makes a fresh example", async () => {
    const ctx = contextFor(
      t.database,
      scriptedGenerator(({ category, output }) => `${output} about ${category}`),
    );
    await (await ensureChallenge(ctx, '2026-12-03')).aiJob;
    const replaced = await setChallenge(
      ctx,
      { day: '2026-12-03', category: 'Movies', output: 'Restaurant Name' },
      { waitForAi: true },
    );
    expect(replaced).toMatchObject({
      category: 'Movies',
      output: 'Restaurant Name',
      source: 'operator',
      aiStatus: 'success',
      aiPun: 'Restaurant Name about Movies',
    });
    await expect(
      setChallenge(ctx, { day: '3 December', category: 'Movies', output: 'x' }),
    ).rejects.toThrow(/YYYY-MM-DD/);
  });

  it("serves today's challenge to signed-in users only, creating it if the scheduler has not", async () => {
    const anonymous = await t.app.inject('/api/challenge/today');
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await signUpUser(t.app, { email: 'today@example.com' });
    const res = await t.app.inject({ url: '/api/challenge/today', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.challenge.day).toBe(laDayOf(Date.now()));
    expect(CATEGORIES).toContain(body.challenge.category);
    expect(Date.parse(body.endsAt)).toBe(laDayStart(addDays(body.challenge.day, 1)).getTime());
    expect(messages.ai.pending).toBeTruthy();
  });
});

describeEachDb('the midnight job', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  for (const [label, day] of [
    ['an ordinary night', '2026-11-23'],
    ['the night after spring forward', '2026-03-08'],
    ['the night after fall back', '2026-11-01'],
    ['New Year', '2026-12-31'],
  ] as const) {
    it(`creates the new day's challenge at Los Angeles midnight, once with two instances (${label})`, async () => {
      const nextDay = addDays(day, 1);
      // Real time flows; the clock starts 400 ms before the LA midnight that begins nextDay.
      const clock = offsetClock(laDayStart(nextDay).getTime() - 400 - Date.now());
      const generator = scriptedGenerator(() => 'midnight pun');
      const jobs = [1, 2].map(() =>
        startDailyChallengeJob({ db: t.database.db, clock, generator, logger: silentLog }),
      );
      try {
        await Promise.all(jobs.map((j) => j.ready));
        expect(await getChallenge(t.database.db, day)).toBeDefined();
        expect(await getChallenge(t.database.db, nextDay)).toBeUndefined();
        const deadline = Date.now() + 5_000;
        while (!(await getChallenge(t.database.db, nextDay)) && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(await getChallenge(t.database.db, nextDay)).toBeDefined();
        const rows = await queryRows<{ day: string }>(
          t.database.db,
          sql`select day from challenges order by day`,
        );
        expect(rows.map((r) => r.day)).toEqual([day, nextDay]);
      } finally {
        for (const job of jobs) job.stop();
      }
    });
  }

  it("creates today's challenge at start when it is missing, and no other day", async () => {
    const clock = manualClock(Date.parse('2026-07-04T19:00:00Z'));
    const job = startDailyChallengeJob({
      db: t.database.db,
      clock,
      generator: scriptedGenerator(() => 'x'),
      logger: silentLog,
    });
    await job.ready;
    job.stop();
    const rows = await queryRows<{ day: string }>(t.database.db, sql`select day from challenges`);
    expect(rows.map((r) => r.day)).toEqual(['2026-07-04']);
  });
});
