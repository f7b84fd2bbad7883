import { afterEach, beforeEach, expect, it } from 'vitest';
import { manualClock } from '#server/clock';
import { createTestApp, signUpUser, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedPun, seedUsers } from '#server/testing/seed';
import { laDayHours, laInstant } from '#shared/la-day';
import { messages } from '#shared/messages';
import { streakResponse } from '#shared/streaks';
import { getStreak } from './service.ts';

// An independent recount: days as whole numbers of UTC days since the epoch, walked one by one,
// with none of the service's SQL or la-day's addDays.
function epochDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

function recount(days: string[], today: string): { current: number; longest: number } {
  const t = epochDay(today);
  const set = new Set(days.map(epochDay).filter((n) => n <= t));
  let longest = 0;
  for (const n of set) {
    if (set.has(n - 1)) continue; // not the start of a run
    let len = 1;
    while (set.has(n + len)) len++;
    longest = Math.max(longest, len);
  }
  let end = set.has(t) ? t : set.has(t - 1) ? t - 1 : null;
  let current = 0;
  while (end !== null && set.has(end)) {
    current++;
    end--;
  }
  return { current, longest };
}

/** 'YYYY-MM-DD' `n` days after `day`, by a route other than addDays. */
function shift(day: string, n: number): string {
  return new Date((epochDay(day) + n) * 86_400_000).toISOString().slice(0, 10);
}

describeEachDb('streaks', (kind) => {
  let t: TestApp;
  // Noon in Los Angeles on a plain November day; each test moves it where it needs.
  const clock = manualClock(laInstant('2026-11-21', 12).getTime());
  beforeEach(async () => {
    clock.set(laInstant('2026-11-21', 12).getTime());
    t = await createTestApp(kind, { clock });
  });
  afterEach(async () => {
    await t.close();
  });

  /** Puns by `userId` on each day, at a late hour in Los Angeles (the day is what counts). */
  const punsOn = async (userId: string, days: string[]) => {
    for (const day of days)
      await seedPun(t.database.db, userId, { day, createdAt: laInstant(day, 23) });
  };

  const expectStreak = async (userId: string, days: string[], today: string) => {
    const streak = await getStreak(t.database.db, clock, userId);
    expect({ current: streak.current, longest: streak.longest }).toEqual(recount(days, today));
    expect(streak.today).toBe(today);
    return streak;
  };

  it('is zero before the first pun', async () => {
    const [player] = await seedUsers(t.database.db, 1);
    if (!player) throw new Error('seed');
    expect(await getStreak(t.database.db, clock, player.id)).toEqual({
      userId: player.id,
      current: 0,
      longest: 0,
      lastDay: null,
      today: '2026-11-21',
    });
  });

  it('counts a run ending today, still counts it ending yesterday, and drops it two days later', async () => {
    const [player] = await seedUsers(t.database.db, 1);
    if (!player) throw new Error('seed');
    const days = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
    await punsOn(player.id, days);
    expect(await expectStreak(player.id, days, '2026-11-21')).toMatchObject({
      current: 5,
      longest: 5,
      lastDay: '2026-11-21',
    });

    clock.set(laInstant('2026-11-22', 23).getTime());
    expect(await expectStreak(player.id, days, '2026-11-22')).toMatchObject({
      current: 5,
      longest: 5,
    });

    // A minute after midnight two days on: the run ended the day before yesterday.
    clock.set(laInstant('2026-11-23', 0).getTime() + 60_000);
    expect(await expectStreak(player.id, days, '2026-11-23')).toMatchObject({
      current: 0,
      longest: 5,
      lastDay: '2026-11-21',
    });
  });

  it('restarts after a skipped day and keeps the longest run', async () => {
    const [player, other] = await seedUsers(t.database.db, 2);
    if (!player || !other) throw new Error('seed');
    const days = [
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      // 10-04 skipped
      '2026-10-05',
      '2026-10-06',
      '2026-10-07',
      '2026-10-08',
      '2026-10-09',
      '2026-10-10',
      // a long gap
      '2026-11-19',
      // 11-20 skipped
      '2026-11-21',
    ];
    await punsOn(player.id, days);
    // Another player's puns on the missing days change nothing.
    await punsOn(other.id, ['2026-10-04', '2026-11-20']);
    expect(await expectStreak(player.id, days, '2026-11-21')).toMatchObject({
      current: 1,
      longest: 6,
    });
  });

  it('treats the 23-hour and 25-hour DST days as one day each', async () => {
    expect(laDayHours('2026-03-08')).toBe(23);
    expect(laDayHours('2026-11-01')).toBe(25);
    const [spring, autumn] = await seedUsers(t.database.db, 2);
    if (!spring || !autumn) throw new Error('seed');
    const springDays = ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'];
    const autumnDays = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03'];
    await punsOn(spring.id, springDays);
    await punsOn(autumn.id, autumnDays);

    // 2026-03-09 is 71 hours after 2026-03-06 began: still four days.
    clock.set(laInstant('2026-03-09', 3).getTime());
    expect(await expectStreak(spring.id, springDays, '2026-03-09')).toMatchObject({ current: 4 });
    clock.set(laInstant('2026-03-10', 23).getTime());
    expect(await expectStreak(spring.id, springDays, '2026-03-10')).toMatchObject({ current: 4 });

    clock.set(laInstant('2026-11-03', 23).getTime());
    expect(await expectStreak(autumn.id, autumnDays, '2026-11-03')).toMatchObject({
      current: 5,
      longest: 5,
    });
  });

  it('agrees with the recount on random histories', async () => {
    const players = await seedUsers(t.database.db, 6);
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 20261121;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const today = '2026-11-21';
    for (const [i, player] of players.entries()) {
      const days: string[] = [];
      const density = 0.3 + i * 0.12;
      for (let n = -70; n <= 0; n++) if (random() < density) days.push(shift(today, n));
      await punsOn(player.id, days);
      const streak = await expectStreak(player.id, days, today);
      expect(streak.lastDay).toBe(days.at(-1) ?? null);
    }
  });

  it('grows with puns submitted through the API across DST, and is served to the player and others', async () => {
    const me = await signUpUser(t.app, { email: 'streaker@example.com', displayName: 'Streaker' });
    const friend = await signUpUser(t.app, { email: 'watcher@example.com' });
    const submit = async (instant: Date, text: string) => {
      clock.set(instant.getTime());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/puns',
        payload: { text },
        headers: { cookie: me.cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const mine = async () => {
      const res = await t.app.inject({ url: '/api/me/streak', headers: { cookie: me.cookie } });
      expect(res.statusCode).toBe(200);
      return streakResponse.strict().parse(res.json());
    };

    await submit(laInstant('2026-03-07', 23), 'Saturday night pun');
    // Just after midnight on the short day, then at its very end, and the next morning.
    await submit(new Date(laInstant('2026-03-08', 0).getTime() + 60_000), 'Spring forward pun');
    expect(await mine()).toMatchObject({ current: 2, longest: 2, lastDay: '2026-03-08' });
    await submit(laInstant('2026-03-09', 3), 'Monday morning pun');
    expect(await mine()).toMatchObject({ current: 3, longest: 3, today: '2026-03-09' });

    // Another player sees the same numbers on the player's page.
    const theirs = await t.app.inject({
      url: `/api/users/${me.user.id}/streak`,
      headers: { cookie: friend.cookie },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ userId: me.user.id, current: 3, longest: 3 });

    clock.set(laInstant('2026-03-11', 12).getTime());
    expect(await mine()).toMatchObject({ current: 0, longest: 3 });
  });

  it('answers 400, 404 and 401 for a bad id, nobody, and no session', async () => {
    const [viewer] = await seedUsers(t.database.db, 1);
    if (!viewer) throw new Error('seed');
    const bad = await t.app.inject({
      url: '/api/users/not-a-uuid/streak',
      headers: { cookie: viewer.cookie },
    });
    expect(bad.statusCode).toBe(400);
    const nobody = await t.app.inject({
      url: '/api/users/00000000-0000-4000-8000-000000000000/streak',
      headers: { cookie: viewer.cookie },
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(messages.userPage.notFound);
    expect((await t.app.inject({ url: '/api/me/streak' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/users/${viewer.id}/streak` })).statusCode).toBe(401);
  });
});
