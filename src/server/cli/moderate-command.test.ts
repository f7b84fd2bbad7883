// `npm run moderate` (issue 8) through runModerate on a real test database, on both databases:
// list, hide, restore and ban, with the messages an operator reads and the exit codes.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryRows } from '#server/db/connect';
import { createTestApp, signUpUser, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedPun, seedUsers } from '#server/testing/seed';
import { moderationMessages } from '#shared/moderation';
import { moderateUsage, runModerate } from './moderate-command.ts';

describeEachDb('npm run moderate', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const moderate = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runModerate(
      argv,
      t.database.db,
      (l) => out.push(l),
      (l) => err.push(l),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const report = (punId: string, cookie: string, reason: string, note?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/puns/${punId}/report`,
      headers: { cookie },
      payload: { reason, ...(note ? { note } : {}) },
    });
  const moderationOf = async (punId: string) =>
    (
      await queryRows<{ moderation: string }>(
        t.database.db,
        sql`select moderation from puns where id = ${punId}`,
      )
    )[0]?.moderation;
  const globalIds = async (cookie: string) =>
    (await t.app.inject({ url: '/api/feed/global?period=today', headers: { cookie } }))
      .json()
      .puns.map((p: { id: string }) => p.id);

  it('prints the usage and exits 2 on bad arguments', async () => {
    for (const argv of [
      [],
      ['frobnicate'],
      ['hide'],
      ['ban', 'a', 'b'],
      ['list', '--limit', 'x'],
      ['list', '--nope'],
    ]) {
      const run = await moderate(...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err, argv.join(' ')).toContain(moderateUsage);
      expect(run.out).toBe('');
    }
    expect((await moderate('hide')).err).toMatch(/^hide needs exactly one <punId>\./);
    expect((await moderate('frobnicate')).err).toMatch(/^Unknown command "frobnicate"\./);
    expect(await moderate('help')).toMatchObject({ code: 0, out: moderateUsage });
  });

  it('says so when nothing has that id (exit 1)', async () => {
    for (const command of ['hide', 'restore']) {
      for (const id of [
        '00000000-0000-4000-8000-000000000000',
        'not-an-id',
        "'; drop table puns; --",
      ]) {
        expect(await moderate(command, id)).toEqual({
          code: 1,
          out: '',
          err: 'No pun with that id.',
        });
      }
    }
    expect(await moderate('ban', '00000000-0000-4000-8000-000000000000')).toEqual({
      code: 1,
      out: '',
      err: 'No player with that id.',
    });
    expect(await moderate('list')).toEqual({
      code: 0,
      out: 'No puns are waiting for review.',
      err: '',
    });
  });

  it('lists hidden puns with their author, reasons, notes and counts; --all adds reported visible ones', async () => {
    const [author, r1, r2, r3] = await seedUsers(t.database.db, 4);
    if (!author || !r1 || !r2 || !r3) throw new Error('seed');
    const hiddenPun = await seedPun(t.database.db, author.id, {
      text: 'Rude\u001b[2J pun',
      day: '2026-03-01',
    });
    const visiblePun = await seedPun(t.database.db, author.id, {
      text: 'Mild pun',
      day: '2026-03-02',
    });
    await report(hiddenPun, r1.cookie, 'offensive', 'Mean to\nmy cat');
    await report(hiddenPun, r2.cookie, 'spam');
    await report(hiddenPun, r3.cookie, 'other', 'Just bad');
    await report(visiblePun, r1.cookie, 'spam');

    const list = await moderate('list');
    expect(list.code).toBe(0);
    expect(list.out).toContain('Hidden, pending review (1):');
    expect(list.out).toContain(`${hiddenPun}  2026-03-01  HIDDEN since`);
    expect(list.out).toContain('reports: 3');
    expect(list.out).toMatch(new RegExp(`by seed0\\S+ \\(${author.id}\\)`));
    // No escape sequence reaches the terminal; a newline in a note stays on one line.
    expect(list.out).toContain('"Rude?[2J pun"');
    expect(list.out).not.toContain('\u001b');
    expect(list.out).toMatch(
      /- offensive \(Offensive or hurtful\) from seed1\S+, .+: "Mean to \/ my cat"/,
    );
    expect(list.out).toMatch(/- spam \(Spam or advertising\) from seed2/);
    expect(list.out).toMatch(/- other \(Something else\) from seed3\S+, .+: "Just bad"/);
    expect(list.out).not.toContain(visiblePun);

    const all = await moderate('list', '--all');
    expect(all.out).toContain('Reported, still shown (1):');
    expect(all.out).toContain(`${visiblePun}  2026-03-02  visible  reports: 1`);
  });

  it('hides and restores a pun, idempotently, and the feeds follow', async () => {
    const [author, viewer] = await seedUsers(t.database.db, 2);
    if (!author || !viewer) throw new Error('seed');
    const punId = await seedPun(t.database.db, author.id, { text: 'Borderline pun' });
    expect(await globalIds(viewer.cookie)).toContain(punId);

    const hide = await moderate('hide', punId);
    expect(hide.code).toBe(0);
    expect(hide.out).toMatch(
      /^Hidden: "Borderline pun" by seed0\S+\. Only its author sees it now\.$/,
    );
    expect(await moderationOf(punId)).toBe('hidden');
    await expect.poll(() => globalIds(viewer.cookie)).not.toContain(punId);
    expect((await moderate('hide', punId)).out).toMatch(/^Already hidden: /);
    expect((await moderate('list')).out).toContain('(no reports: hidden by an operator)');

    const restore = await moderate('restore', punId);
    expect(restore.out).toMatch(
      /^Restored: "Borderline pun" by seed0\S+\. It is visible again, and further reports will not hide it\.$/,
    );
    expect(await moderationOf(punId)).toBe('restored');
    await expect.poll(() => globalIds(viewer.cookie)).toContain(punId);
    expect((await moderate('restore', punId)).out).toMatch(/^Already restored: /);
    expect((await moderate('list')).out).toBe('No puns are waiting for review.');
  });

  it('bans a player: no log-in, sessions end at once, every pun hidden', async () => {
    const banned = await signUpUser(t.app, { email: 'troll@example.com', displayName: 'Troll' });
    const [viewer] = await seedUsers(t.database.db, 1);
    if (!viewer) throw new Error('seed');
    const puns = [
      await seedPun(t.database.db, banned.user.id, { day: '2026-04-01' }),
      await seedPun(t.database.db, banned.user.id, { text: 'Today' }),
    ];
    await t.database.db.execute(sql`update puns set moderation = 'restored' where id = ${puns[0]}`);
    // A session in use (and so in the session cache) before the ban.
    const me = await t.app.inject({ url: '/api/auth/session', headers: { cookie: banned.cookie } });
    expect(me.json().user.id).toBe(banned.user.id);
    expect(
      (await t.app.inject({ url: '/api/friends', headers: { cookie: banned.cookie } })).statusCode,
    ).toBe(200);
    expect(await globalIds(viewer.cookie)).toContain(puns[1]);

    const ban = await moderate('ban', banned.user.id);
    expect(ban).toEqual({
      code: 0,
      out: 'Banned Troll: 1 session ended, 2 puns hidden. They can no longer log in.',
      err: '',
    });
    for (const punId of puns) expect(await moderationOf(punId)).toBe('hidden');
    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: '/api/friends', headers: { cookie: banned.cookie } }))
            .statusCode,
      )
      .toBe(401);
    expect(await globalIds(viewer.cookie)).not.toContain(puns[1]);
    // Banned players' puns are settled: not in the review list.
    expect((await moderate('list')).out).toBe('No puns are waiting for review.');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'troll@example.com', password: 'correct horse' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(moderationMessages.banned);
    expect(login.cookies.find((c) => c.name === 'punday_session')).toBeUndefined();
    // The wrong password still gets the usual answer: a ban is only told to the account's owner.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'troll@example.com', password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    const [sessions] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sessions where user_id = ${banned.user.id}`,
    );
    expect(sessions?.n).toBe(0);

    expect((await moderate('ban', banned.user.id)).out).toBe(
      'Troll was already banned (0 sessions ended, 0 puns hidden now).',
    );
  });
});
