import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '#server/db/connect';
import { createTestApp, signUpUser, silentLog, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { type PushReceiver, startPushReceiver } from '#server/testing/push-receiver';
import { laDayOf } from '#shared/la-day';
import { messages } from '#shared/messages';
import { PushService } from './service.ts';
import { loadVapidKeys } from './vapid.ts';

describeEachDb('web push', (kind) => {
  let t: TestApp;
  let receiver: PushReceiver;
  let extra: Database | undefined;
  beforeEach(async () => {
    t = await createTestApp(kind, { pushOptions: { backoffMs: 10 } });
    receiver = await startPushReceiver();
  });
  afterEach(async () => {
    await t.close();
    await extra?.close();
    extra = undefined;
    await receiver.close();
  });

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const subscribe = async (cookie: string, statuses?: number[]) => {
    const device = receiver.subscribe(statuses);
    const res = await call('POST', '/api/push/subscription', cookie, {
      endpoint: device.endpoint,
      keys: device.keys,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.notificationsEnabled).toBe(true);
    return device;
  };
  const subscriptionCount = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from push_subscriptions`,
      )
    )[0]?.n;

  it('serves one VAPID public key, kept in the database for every instance', async () => {
    const { cookie } = await signUpUser(t.app, { email: 'key@example.com' });
    const res = await call('GET', '/api/push/public-key', cookie);
    expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]{86,88}$/);
    const again = await loadVapidKeys(t.database.db, {
      publicKey: undefined,
      privateKey: undefined,
      subject: 'mailto:x@y.z',
    });
    expect(again.publicKey).toBe(res.body.publicKey);
    expect((await t.app.inject('/api/push/public-key')).statusCode).toBe(401);
  });

  it('needs push on before friend notifications, and turning push off deletes the device', async () => {
    const { cookie } = await signUpUser(t.app, { email: 'toggle@example.com' });
    const early = await call('PUT', '/api/me/friend-notifications', cookie, { enabled: true });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(messages.settings.pushFirst);
    const device = await subscribe(cookie);
    expect(
      (await call('PUT', '/api/me/friend-notifications', cookie, { enabled: true })).body.user
        .friendNotificationsEnabled,
    ).toBe(true);
    const off = await call('DELETE', '/api/push/subscription', cookie, {
      endpoint: device.endpoint,
    });
    expect(off.body.user.notificationsEnabled).toBe(false);
    expect(await subscriptionCount()).toBe(0);
    const bad = await call('POST', '/api/push/subscription', cookie, {
      endpoint: 'ftp://x',
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(bad.status).toBe(400);
  });

  it('pushes a friend_pun with the pun id to every device of each friend who wants it, signed and encrypted', async () => {
    const author = await signUpUser(t.app, { email: 'author@example.com', displayName: 'Author' });
    const fan = await signUpUser(t.app, { email: 'fan@example.com' });
    const quiet = await signUpUser(t.app, { email: 'quiet@example.com' });
    const phone = await subscribe(fan.cookie);
    const laptop = await subscribe(fan.cookie);
    await subscribe(quiet.cookie); // push on, friend notifications off
    await call('PUT', '/api/me/friend-notifications', fan.cookie, { enabled: true });
    for (const who of [fan, quiet]) await call('PUT', `/api/friends/${author.user.id}`, who.cookie);

    const posted = await call('POST', '/api/puns', author.cookie, { text: 'Pushing up daisies' });
    expect(posted.status).toBe(201);
    await t.ctx.push.idle();
    expect(receiver.errors).toEqual([]);
    expect(receiver.received.map((r) => r.subscriptionId).sort()).toEqual(
      [phone.id, laptop.id].sort(),
    );
    for (const push of receiver.received) {
      expect(push.payload).toMatchObject({
        type: 'friend_pun',
        punId: posted.body.pun.id,
        body: 'Pushing up daisies',
      });
      expect(push.ttl).toBeGreaterThan(0);
      expect(push.urgency).toBe('normal');
      expect(push.jwt.aud).toBe(receiver.origin);
    }
  });

  it('removes a subscription the push service calls gone (410), and retries a 500', async () => {
    const author = await signUpUser(t.app, { email: 'a2@example.com' });
    const fan = await signUpUser(t.app, { email: 'f2@example.com' });
    const gone = await subscribe(fan.cookie, [410]);
    const flaky = await subscribe(fan.cookie, [500, 503, 201]);
    await call('PUT', '/api/me/friend-notifications', fan.cookie, { enabled: true });
    await call('PUT', `/api/friends/${author.user.id}`, fan.cookie);
    await call('POST', '/api/puns', author.cookie, { text: 'Gone with the Wind Chimes' });
    await t.ctx.push.idle();
    expect(receiver.received.map((r) => r.subscriptionId)).toEqual([flaky.id]);
    const endpoints = await queryRows<{ endpoint: string }>(
      t.database.db,
      sql`select endpoint from push_subscriptions`,
    );
    expect(endpoints.map((e) => e.endpoint)).toEqual([flaky.endpoint]);
    expect(gone.endpoint).not.toBe(flaky.endpoint);
  });

  it('sends the 6 PM reminder once per user without a pun, even with two instances racing', async () => {
    const idle = await signUpUser(t.app, { email: 'idle@example.com' });
    const busy = await signUpUser(t.app, { email: 'busy@example.com' });
    const idleDevice = await subscribe(idle.cookie);
    await subscribe(busy.cookie);
    await call('POST', '/api/puns', busy.cookie, { text: 'Already done' });
    await t.ctx.push.idle();

    if (t.database.url) extra = await openDatabase({ databaseUrl: t.database.url, migrate: false });
    const other = new PushService((extra ?? t.database).db, t.ctx.push.vapid, silentLog, {
      backoffMs: 10,
    });
    const day = laDayOf(Date.now());
    const counts = await Promise.all([
      t.ctx.push.sendReminders(day, 3600),
      other.sendReminders(day, 3600),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    await t.ctx.push.sendReminders(day, 3600); // a restart runs it again: nothing more
    const reminders = receiver.received.filter(
      (r) => (r.payload as { type: string }).type === 'reminder',
    );
    expect(reminders.map((r) => r.subscriptionId)).toEqual([idleDevice.id]);
    expect(reminders[0]?.topic).toBe('daily-reminder');
    expect(reminders[0]?.ttl).toBe(3600);
  });
});

describeEachDb('display name settings', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const rename = (cookie: string, displayName: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/display-name',
      payload: { displayName },
      headers: { cookie },
    });

  it('saves a free name, numbers a taken one with the spec message, and refuses an empty one', async () => {
    await signUpUser(t.app, { email: 'taken@example.com', displayName: 'Punslinger' });
    const me = await signUpUser(t.app, { email: 'me@example.com', displayName: 'Me' });
    const free = await rename(me.cookie, '  Wordsmith  ');
    expect(free.json()).toMatchObject({
      user: { displayName: 'Wordsmith' },
      message: messages.settings.displayNameSaved,
    });
    const taken = await rename(me.cookie, 'PUNSLINGER');
    expect(taken.json()).toMatchObject({
      user: { displayName: 'PUNSLINGER1' },
      message: 'Display name saved as "PUNSLINGER1" since the original name was taken.',
    });
    // Keeping your own name is not a clash with yourself.
    expect((await rename(me.cookie, 'punslinger1')).json().message).toBe(
      messages.settings.displayNameSaved,
    );
    const empty = await rename(me.cookie, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.settings.displayNameEmpty);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/me/display-name',
          payload: { displayName: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('gives 20 concurrent renames to the same name 20 distinct names', async () => {
    const users = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signUpUser(t.app, { email: `r${i}@example.com`, displayName: `Racer${i}x` }),
      ),
    );
    const results = await Promise.all(users.map((u) => rename(u.cookie, 'Champion')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const names = results.map((r) => r.json().user.displayName as string);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(20);
    expect(names).toContain('Champion');
  });
});
