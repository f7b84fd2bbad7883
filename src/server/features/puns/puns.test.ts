import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryRows } from '#server/db/connect';
import { createTestApp, signUpUser, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { PUN_MAX_LENGTH } from '#shared/constants';
import { laDayOf } from '#shared/la-day';
import { messages } from '#shared/messages';

describeEachDb('submitting puns', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(kind);
    ({ cookie } = await signUpUser(t.app, { email: 'punner@example.com', displayName: 'Punner' }));
  });
  afterEach(async () => {
    await t.close();
  });

  const submit = (text: unknown, as = cookie) =>
    t.app.inject({ method: 'POST', url: '/api/puns', payload: { text }, headers: { cookie: as } });

  it("stores a sanitized pun against today's challenge and shows it as mine today", async () => {
    const challenge = (
      await t.app.inject({ url: '/api/challenge/today', headers: { cookie } })
    ).json().challenge;
    const res = await submit('  <b>Lettuce</b> romaine {calm} and carrot on `x` \\o/  ');
    expect(res.statusCode).toBe(201);
    const { pun } = res.json();
    expect(pun).toMatchObject({
      text: 'Lettuce romaine calm and carrot on x o/',
      authorName: 'Punner',
      category: challenge.category,
      output: challenge.output,
      day: laDayOf(Date.now()),
      reactions: { crown: 0, fire: 0, thinker: 0, laughing: 0 },
      myReaction: null,
    });
    const mine = await t.app.inject({ url: '/api/puns/mine/today', headers: { cookie } });
    expect(mine.json()).toEqual({ day: laDayOf(Date.now()), pun });
  });

  it('refuses text that is empty once sanitized, with a clear 400', async () => {
    for (const text of ['', '   ', '<i></i>', '{}[]<>`\\']) {
      const res = await submit(text);
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json().message).toBe(messages.submit.empty);
    }
    expect((await submit(42)).statusCode).toBe(400);
    const mine = await t.app.inject({ url: '/api/puns/mine/today', headers: { cookie } });
    expect(mine.json().pun).toBeNull();
  });

  it('keeps only the first 280 characters', async () => {
    const res = await submit('ha'.repeat(300));
    expect(res.statusCode).toBe(201);
    expect(res.json().pun.text).toHaveLength(PUN_MAX_LENGTH);
  });

  it('stores exactly one of 50 concurrent submissions; the others get 409 "You\'re Done for Today!"', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => submit(`Pun number ${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ error: 'already_submitted', message: messages.submit.done });
    }
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from puns`,
    );
    expect(rows[0]?.n).toBe(1);
    const winner = results.find((r) => r.statusCode === 201)?.json().pun.text;
    const mine = await t.app.inject({ url: '/api/puns/mine/today', headers: { cookie } });
    expect(mine.json().pun.text).toBe(winner);
  });

  it('lets each player submit their own pun, and nobody without a session', async () => {
    const other = await signUpUser(t.app, { email: 'other@example.com' });
    expect((await submit('Mine')).statusCode).toBe(201);
    expect((await submit('Theirs', other.cookie)).statusCode).toBe(201);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/puns',
      payload: { text: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject('/api/puns/mine/today')).statusCode).toBe(401);
  });
});
