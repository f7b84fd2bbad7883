import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createTestApp,
  resetLinkIn,
  sessionCookieOf,
  signUpUser,
  type TestApp,
} from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { messages } from '#shared/messages';

describeEachDb('accounts', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const session = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()
      .user;

  it('signs up with a normalised email, an HttpOnly SameSite=Lax session cookie and timestamps', async () => {
    const res = await post('/api/auth/signup', {
      email: '  Ann@Example.COM ',
      password: 'secret1',
      displayName: 'Ann',
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === 'punday_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await session(sessionCookieOf(res));
    expect(me).toMatchObject({ email: 'ann@example.com', displayName: 'Ann', crownCount: 0 });
    expect(Date.parse(me.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(me.lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('defaults a blank display name to the email local part without non-alphanumerics (spec §5)', async () => {
    const { user } = await signUpUser(t.app, {
      email: 'j.doe+punny@example.com',
      displayName: '   ',
    });
    expect(user.displayName).toBe('jdoepunny');
  });

  it('adds 1, 2, ... to a display name that is taken, case-insensitively (spec §5)', async () => {
    const a = await signUpUser(t.app, { email: 'a@example.com', displayName: 'PunMaster' });
    const b = await signUpUser(t.app, { email: 'b@example.com', displayName: 'punmaster' });
    const c = await signUpUser(t.app, { email: 'c@example.com', displayName: 'PUNMASTER' });
    expect([a.user.displayName, b.user.displayName, c.user.displayName]).toEqual([
      'PunMaster',
      'punmaster1',
      'PUNMASTER2',
    ]);
  });

  it('gives 20 concurrent sign-ups asking for the same name 20 distinct names', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/auth/signup', {
          email: `racer${i}@example.com`,
          password: 'secret1',
          displayName: 'Racer',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const names = results.map((r) => r.json().user.displayName as string);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(20);
    expect(names.sort()).toEqual(
      ['Racer', ...Array.from({ length: 19 }, (_, i) => `Racer${i + 1}`)].sort(),
    );
    const rows = await t.database.db.execute(
      sql`select count(distinct display_name_lower)::int as n from users`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(20);
  });

  it('refuses a second account for the same email in any case', async () => {
    await signUpUser(t.app, { email: 'dup@example.com' });
    const res = await post('/api/auth/signup', { email: 'DUP@example.com', password: 'secret1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.signup.emailInUse);
  });

  it('explains bad sign-up input with a 400 and the spec message', async () => {
    const weak = await post('/api/auth/signup', { email: 'w@example.com', password: '12345' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(messages.signup.weakPassword);
    const noEmail = await post('/api/auth/signup', { password: 'secret1' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(messages.signup.emailRequired);
    const badEmail = await post('/api/auth/signup', { email: 'not-an-email', password: 'secret1' });
    expect(badEmail.json().message).toBe(messages.signup.emailInvalid);
  });

  it('logs in case-insensitively, and says exactly "Invalid email or password" for both failures', async () => {
    await signUpUser(t.app, { email: 'lee@example.com', password: 'right-password' });
    const wrong = await post('/api/auth/login', {
      email: 'lee@example.com',
      password: 'wrong-password',
    });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'right-password',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'invalid_credentials',
        message: messages.login.invalidCredentials,
      });
    }
    const ok = await post('/api/auth/login', {
      email: 'LEE@example.com',
      password: 'right-password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await session(sessionCookieOf(ok))).email).toBe('lee@example.com');
  });

  it('ends the session on the server at sign-out', async () => {
    const { cookie } = await signUpUser(t.app, { email: 'out@example.com' });
    expect(await session(cookie)).not.toBeNull();
    const res = await post('/api/auth/logout', undefined, cookie);
    expect(res.statusCode).toBe(204);
    expect(await session(cookie)).toBeNull();
  });

  it('expires a session that has been idle longer than the idle limit', async () => {
    const { cookie } = await signUpUser(t.app, { email: 'idle@example.com' });
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '15 days'`);
    expect(await session(cookie)).toBeNull();
  });

  it('rate-limits failed log-ins per account with a 429 and a readable message, kept in the database', async () => {
    await signUpUser(t.app, { email: 'target@example.com', password: 'right-password' });
    const limit = t.ctx.limits.loginFailuresPerAccount.max;
    for (let i = 0; i < limit; i++) {
      expect(
        (await post('/api/auth/login', { email: 'target@example.com', password: `nope${i}` }))
          .statusCode,
      ).toBe(401);
    }
    const limited = await post('/api/auth/login', {
      email: 'target@example.com',
      password: 'right-password',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(messages.generic.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.database.db.execute(
      sql`select count from rate_limits where key = 'login:account:target@example.com'`,
    );
    expect((rows as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(limit);
  });

  it('resets a password through the outbox link: single use, ends other sessions', async () => {
    const { cookie: oldSession } = await signUpUser(t.app, {
      email: 'forgetful@example.com',
      password: 'old-password',
    });
    const req = await post('/api/auth/password-reset', { email: 'Forgetful@example.com' });
    expect(req.statusCode).toBe(200);
    expect(req.json().message).toBe(messages.passwordReset.sent);
    const [mail] = await t.outbox();
    expect(mail).toContain('To: forgetful@example.com');
    const token = resetLinkIn(mail ?? '').searchParams.get('token') ?? '';
    expect((await post('/api/auth/password-reset/check', { token })).json()).toEqual({
      valid: true,
    });

    const confirm = await post('/api/auth/password-reset/confirm', {
      token,
      password: 'new-password',
    });
    expect(confirm.statusCode).toBe(200);
    expect(await session(sessionCookieOf(confirm))).toMatchObject({
      email: 'forgetful@example.com',
    });
    expect(await session(oldSession)).toBeNull();

    const again = await post('/api/auth/password-reset/confirm', {
      token,
      password: 'another-password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.passwordReset.invalidLink);
    expect(
      (await post('/api/auth/login', { email: 'forgetful@example.com', password: 'old-password' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/login', { email: 'forgetful@example.com', password: 'new-password' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    await signUpUser(t.app, { email: 'late@example.com' });
    await post('/api/auth/password-reset', { email: 'late@example.com' });
    const token = resetLinkIn((await t.outbox())[0] ?? '').searchParams.get('token') ?? '';
    await t.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second'`,
    );
    expect((await post('/api/auth/password-reset/check', { token })).json()).toEqual({
      valid: false,
    });
    const res = await post('/api/auth/password-reset/confirm', { token, password: 'new-password' });
    expect(res.statusCode).toBe(400);
  });

  it('answers reset requests with the spec messages for a missing or unknown email', async () => {
    const empty = await post('/api/auth/password-reset', { email: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.passwordReset.emailFirst);
    const unknown = await post('/api/auth/password-reset', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.passwordReset.notFound);
    expect(await t.outbox()).toEqual([]);
  });
});

describeEachDb('housekeeping', (kind) => {
  it('forgets expired sessions, used reset links and old rate-limit windows, and keeps live ones', async () => {
    const t = await createTestApp(kind);
    try {
      const live = await signUpUser(t.app, { email: 'live@example.com' });
      await signUpUser(t.app, { email: 'stale@example.com' });
      await t.database.db.execute(
        sql`update sessions set expires_at = now() - interval '1 minute' where user_id <> ${live.user.id}`,
      );
      await t.database.db.execute(
        sql`insert into rate_limits (key, window_start, count) values ('old', now() - interval '2 days', 3), ('new', now(), 1)`,
      );
      const { cleanUp } = await import('#server/jobs/cleanup');
      await cleanUp(t.database.db, t.ctx.sessionIdleMs);
      const count = async (table: string) => {
        const r = (await t.database.db.execute(
          sql.raw(`select count(*)::int as n from ${table}`),
        )) as unknown as {
          rows: { n: number }[];
        };
        return r.rows[0]?.n;
      };
      expect(await count('sessions')).toBe(1);
      const keys = (await t.database.db.execute(sql`select key from rate_limits`)) as unknown as {
        rows: { key: string }[];
      };
      expect(keys.rows.map((r) => r.key)).toContain('new');
      expect(keys.rows.map((r) => r.key)).not.toContain('old');
      const me = await t.app.inject({ url: '/api/auth/session', headers: { cookie: live.cookie } });
      expect(me.json().user.email).toBe('live@example.com');
    } finally {
      await t.close();
    }
  });
});

describeEachDb('more account limits and session safety', (kind) => {
  it('limits reset requests per account and sign-ups per address with 429s', async () => {
    const t = await createTestApp(kind, {
      limits: {
        resetPerAccount: { max: 2, windowMs: 60_000 },
        signupPerIp: { max: 3, windowMs: 60_000 },
      },
    });
    try {
      const reset = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email: 'limit@example.com' },
        });
      await signUpUser(t.app, { email: 'limit@example.com' });
      expect((await reset()).statusCode).toBe(200);
      expect((await reset()).statusCode).toBe(200);
      const third = await reset();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(messages.generic.rateLimited);
      expect(await t.outbox()).toHaveLength(2);

      // One sign-up above was the first of three allowed from this address.
      for (let i = 0; i < 2; i++) await signUpUser(t.app, { email: `many${i}@example.com` });
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'one-too-many@example.com', password: 'secret1' },
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('never adopts a session id the browser brought: log-in issues a fresh one', async () => {
    const t = await createTestApp(kind);
    try {
      await signUpUser(t.app, { email: 'fixate@example.com', password: 'secret12' });
      const planted = 'punday_session=attacker-chosen-value';
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'fixate@example.com', password: 'secret12' },
        headers: { cookie: planted },
      });
      const issued = sessionCookieOf(login);
      expect(issued).not.toBe(planted);
      const withPlanted = await t.app.inject({
        url: '/api/auth/session',
        headers: { cookie: planted },
      });
      expect(withPlanted.json().user).toBeNull();
    } finally {
      await t.close();
    }
  });
});
