// Two real server processes on one PostgreSQL, reached on two ports: nothing an instance keeps
// to itself may matter (sessions, rate limits, live events, daily jobs).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laDayOf } from '#shared/la-day';
import { queryRows } from './db/connect.ts';
import { createTestDatabase, type TestDatabase } from './testing/db.ts';
import {
  cookieFrom,
  jsonPost,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitReady,
} from './testing/process.ts';
import { openEventStream } from './testing/sse.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = { DATABASE_URL: database.url ?? '', LOG_LEVEL: 'info' };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    await Promise.all([waitReady(a), waitReady(b)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a && stopServer(a), b && stopServer(b)]);
    await database?.destroy();
  });

  it('signs up on one and logs in on the other', async () => {
    const signup = await fetch(
      `${a.url}/api/auth/signup`,
      jsonPost({ email: 'both@example.com', password: 'secret1' }),
    );
    expect(signup.status).toBe(201);
    const session = await fetch(`${b.url}/api/auth/session`, {
      headers: { cookie: cookieFrom(signup) },
    });
    expect((await session.json()).user.email).toBe('both@example.com');
    const login = await fetch(
      `${b.url}/api/auth/login`,
      jsonPost({ email: 'both@example.com', password: 'secret1' }),
    );
    expect(login.status).toBe(200);
  });

  it("carries a pun posted on one to the other's live stream", async () => {
    const poster = await fetch(
      `${a.url}/api/auth/signup`,
      jsonPost({ email: 'poster@example.com', password: 'secret1' }),
    );
    const viewer = await fetch(
      `${b.url}/api/auth/signup`,
      jsonPost({ email: 'viewer@example.com', password: 'secret1' }),
    );
    const stream = await openEventStream(`${b.url}/api/events`, cookieFrom(viewer));
    try {
      const posted = await fetch(
        `${a.url}/api/puns`,
        jsonPost({ text: 'Instance of the Opera' }, cookieFrom(poster)),
      );
      expect(posted.status).toBe(201);
      const event = await stream.next('pun');
      expect(JSON.parse(event.data).id).toBe((await posted.json()).pun.id);
    } finally {
      stream.close();
    }
  });

  it('counts failed log-ins against one account across both instances', async () => {
    await fetch(
      `${a.url}/api/auth/signup`,
      jsonPost({ email: 'target@example.com', password: 'right-password' }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const server = i % 2 ? a : b;
      const res = await fetch(
        `${server.url}/api/auth/login`,
        jsonPost({ email: 'target@example.com', password: `wrong${i}` }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it("keeps each instance's caches fresh with the other's changes", async () => {
    const author = await fetch(
      `${a.url}/api/auth/signup`,
      jsonPost({ email: 'cache-author@example.com', password: 'secret1' }),
    );
    const viewerRes = await fetch(
      `${b.url}/api/auth/signup`,
      jsonPost({ email: 'cache-viewer@example.com', password: 'secret1' }),
    );
    const viewer = cookieFrom(viewerRes);
    const url = `${b.url}/api/feed/global?period=topweek&limit=50`;
    const feedOnB = async () => (await fetch(url, { headers: { cookie: viewer } })).json();
    const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean) => {
      const deadline = Date.now() + 3_000;
      let value = await read();
      while (!ok(value) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        value = await read();
      }
      return value;
    };
    await feedOnB(); // cached on b now

    const posted = await fetch(
      `${a.url}/api/puns`,
      jsonPost({ text: 'Cached? Not for long' }, cookieFrom(author)),
    );
    const punId = (await posted.json()).pun.id as string;
    const withPun = await until(feedOnB, (f) => f.puns.some((p: { id: string }) => p.id === punId));
    expect(withPun.puns.some((p: { id: string }) => p.id === punId)).toBe(true);

    // The viewer reacts through a, and sees it through b.
    await fetch(`${a.url}/api/puns/${punId}/reaction`, {
      ...jsonPost({ reaction: 'fire' }, viewer),
      method: 'PUT',
    });
    const reacted = await until(
      feedOnB,
      (f) => f.puns.find((p: { id: string }) => p.id === punId)?.myReaction === 'fire',
    );
    expect(reacted.puns.find((p: { id: string }) => p.id === punId)).toMatchObject({
      myReaction: 'fire',
      reactions: { fire: 1 },
    });

    // Signing out through a ends the session on b (which had it cached) at once.
    await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: { cookie: viewer } });
    const status = await until(
      async () => (await fetch(url, { headers: { cookie: viewer } })).status,
      (s) => s === 401,
    );
    expect(status).toBe(401);
  });

  it("uses a new display name set through one instance on the other's very next requests", async () => {
    const res = await fetch(
      `${a.url}/api/auth/signup`,
      jsonPost({ email: 'renamer@example.com', password: 'secret1', displayName: 'OldName' }),
    );
    const cookie = cookieFrom(res);
    // b caches this session.
    expect(
      (await (await fetch(`${b.url}/api/puns/mine/today`, { headers: { cookie } })).json()).pun,
    ).toBeNull();
    const renamed = await fetch(`${a.url}/api/me/display-name`, {
      ...jsonPost({ displayName: 'NewName' }, cookie),
      method: 'PUT',
    });
    expect(renamed.status).toBe(200);
    const session = await (
      await fetch(`${b.url}/api/auth/session`, { headers: { cookie } })
    ).json();
    expect(session.user.displayName).toBe('NewName');
    // b's cached session heard of it too (NOTIFY, normally within milliseconds): a pun posted
    // through b carries the new name.
    await new Promise((r) => setTimeout(r, 500));
    const posted = await fetch(`${b.url}/api/puns`, jsonPost({ text: 'Name and shame' }, cookie));
    expect((await posted.json()).pun.authorName).toBe('NewName');
  });

  it("made today's challenge once, and its AI example once, though both ran the daily job", async () => {
    const rows = await queryRows<{ day: string; ai_attempts: number; ai_status: string }>(
      database.db,
      sql`select day, ai_attempts, ai_status from challenges`,
    );
    expect(rows.map((r) => r.day)).toEqual([laDayOf(Date.now())]);
    expect(rows[0]?.ai_attempts).toBe(1);
  });
});
