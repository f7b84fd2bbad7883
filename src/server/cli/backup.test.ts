// Backups of the embedded database with the server running: `npm run backup` goes through the
// server's operator socket while players keep writing, the restore goes into a fresh data folder,
// and a server started on it has every row the backup was promised, with every counter equal to
// a recount (a torn snapshot would break one of them).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '#server/db/connect';
import type { CommandIo } from '#server/operator/command';
import { MAX_SOCKET_PATH_BYTES } from '#server/operator/protocol';
import {
  cookieFrom,
  jsonPost,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitReady,
} from '#server/testing/process';
import { runBackupCli } from './backup.ts';
import { runChallengeCli } from './challenge.ts';
import { runRestoreCli } from './restore.ts';

const SERVER_ENV = { RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'info' };

function capture(): CommandIo & { out: (t: string) => void; lines: () => string } {
  const lines: string[] = [];
  return {
    out: (t) => void lines.push(t),
    err: (t) => void lines.push(t),
    lines: () => lines.join('\n'),
  };
}

interface Player {
  id: string;
  email: string;
  cookie: string;
  punId?: string;
}

/** Everything one player does through the API, each id recorded only once the server said yes. */
class Writer {
  readonly players: Player[] = [];
  readonly reactions: { userId: string; punId: string }[] = [];
  readonly friendships: { userId: string; friendId: string }[] = [];
  /** Writes the server has acknowledged (each request). */
  writes = 0;
  private n = 0;
  constructor(
    private readonly url: string,
    private readonly tag: string,
  ) {}

  async step(): Promise<void> {
    const email = `${this.tag}-${this.n++}@example.com`;
    const signup = await fetch(
      `${this.url}/api/auth/signup`,
      jsonPost({ email, password: 'backup-pass' }),
    );
    if (signup.status !== 201) throw new Error(`sign-up ${signup.status}`);
    this.writes++;
    const player: Player = { id: (await signup.json()).user.id, email, cookie: cookieFrom(signup) };
    const pun = await fetch(
      `${this.url}/api/puns`,
      jsonPost({ text: `Backed-up pun ${email}` }, player.cookie),
    );
    if (pun.status !== 201) throw new Error(`pun ${pun.status} ${await pun.text()}`);
    player.punId = (await pun.json()).pun.id;
    this.players.push(player);
    this.writes++;
    // React to and befriend the two players before this one (fire, then a crown: one a day).
    for (const [i, kind] of [
      [2, 'fire'],
      [1, 'crown'],
    ] as const) {
      const other = this.players.at(-1 - i);
      if (!other?.punId) continue;
      const reacted = await fetch(`${this.url}/api/puns/${other.punId}/reaction`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: player.cookie },
        body: JSON.stringify({ reaction: kind }),
      });
      if (reacted.status !== 200)
        throw new Error(`reaction ${reacted.status} ${await reacted.text()}`);
      this.reactions.push({ userId: player.id, punId: other.punId });
      this.writes++;
      const friended = await fetch(`${this.url}/api/friends/${other.id}`, {
        method: 'PUT',
        headers: { cookie: player.cookie },
      });
      if (friended.status !== 200)
        throw new Error(`friend ${friended.status} ${await friended.text()}`);
      this.friendships.push({ userId: player.id, friendId: other.id });
      this.writes++;
    }
  }

  /** What has been acknowledged so far (a copy). */
  snapshot() {
    return {
      players: this.players.map((p) => ({ ...p })),
      reactions: [...this.reactions],
      friendships: [...this.friendships],
    };
  }
}

describe('npm run backup / npm run restore', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'punday-bk-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await stopServer(server);
    rmSync(root, { recursive: true, force: true });
  });
  const start = async (dataDir: string) => {
    const server = await spawnServer({ ...SERVER_ENV, DATA_DIR: dataDir });
    servers.push(server);
    await waitReady(server);
    return server;
  };

  it('backs up while the server runs and writes continue, and restores every row', async () => {
    const dataDir = path.join(root, 'live');
    mkdirSync(dataDir);
    // A socket file left behind by a crashed server: the next server replaces it.
    const stale = spawnSync(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(path.join(dataDir, 'operator.sock'))}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]);
    expect(stale.signal).toBe('SIGKILL');
    expect(lstatSync(path.join(dataDir, 'operator.sock')).isSocket()).toBe(true);

    const server = await start(dataDir);
    const socket = lstatSync(path.join(dataDir, 'operator.sock'));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);

    const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const writer = new Writer(server.url, 'before');
    for (let i = 0; i < 4; i++) await writer.step();

    // Writes keep coming while the backup is taken.
    let writing = true;
    const during = new Writer(server.url, 'during');
    const background = (async () => {
      while (writing) await during.step();
    })();
    while (during.players.length < 2) await new Promise((r) => setTimeout(r, 20));
    const promised = { before: writer.snapshot(), during: during.snapshot() };
    const writesBefore = during.writes;
    const file = path.join(root, 'nightly.tar.gz');
    const io = capture();
    const code = await runBackupCli([file], env, { io });
    const writtenWhileBackingUp = during.writes - writesBefore;
    writing = false;
    await background;
    // The backup really overlapped with writes (sign-ups, puns, reactions, friendships).
    expect(writtenWhileBackingUp).toBeGreaterThan(0);
    expect(io.lines()).toMatch(
      new RegExp(`Backup written to ${file} \\(.+\\), taken by the running server \\(pid \\d+\\)`),
    );
    expect(code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // No partial file left beside it.
    expect(readdirSync(root).filter((f) => f.includes('partial'))).toEqual([]);

    // A second backup to the same name is refused; --force replaces it.
    const again = capture();
    expect(await runBackupCli([file], env, { io: again })).toBe(1);
    expect(again.lines()).toContain('already exists');

    // Other operator commands go through the running server too.
    const challenge = capture();
    expect(await runChallengeCli(['list'], env, { io: challenge })).toBe(0);
    expect(challenge.lines()).toMatch(/^\d{4}-\d{2}-\d{2} {2}.+ \+ .+ {2}\[scheduler\]/);

    // A restore never runs under a live server.
    const refused = capture();
    expect(await runRestoreCli([file], env, { io: refused })).toBe(1);
    expect(refused.lines()).toMatch(
      /A Punday server \(pid \d+\) is using .+\. Stop the server first/,
    );

    expect(await stopServer(server)).toBe(0);
    expect(existsSync(path.join(dataDir, 'operator.sock'))).toBe(false);
    const acknowledged = during.snapshot();

    // Restore into a fresh folder and start a server on it.
    const freshDir = path.join(root, 'fresh');
    const restored = capture();
    expect(await runRestoreCli([file], { ...env, DATA_DIR: freshDir }, { io: restored })).toBe(0);
    expect(restored.lines()).toMatch(/Restored .+ into .+fresh: \d+ users, \d+ puns/);

    const second = await start(freshDir);
    for (const player of [...promised.before.players, ...promised.during.players]) {
      const login = await fetch(
        `${second.url}/api/auth/login`,
        jsonPost({ email: player.email, password: 'backup-pass' }),
      );
      expect(login.status, player.email).toBe(200);
      const mine = await fetch(`${second.url}/api/puns/mine/today`, {
        headers: { cookie: cookieFrom(login) },
      });
      expect((await mine.json()).pun?.id, player.email).toBe(player.punId);
    }
    expect(await stopServer(second)).toBe(0);

    // Every promised row is there; nothing is there that was never acknowledged (by the end);
    // every counter equals its recount.
    const database = await openDatabase({ dataDir: path.join(freshDir, 'pglite'), migrate: false });
    try {
      const ids = async (query: ReturnType<typeof sql>) =>
        new Set((await queryRows<{ k: string }>(database.db, query)).map((r) => r.k));
      const users = await ids(sql`select email as k from users`);
      const puns = await ids(sql`select id::text as k from puns`);
      const reactions = await ids(sql`select user_id || ':' || pun_id as k from reactions`);
      const friendships = await ids(sql`select user_id || ':' || friend_id as k from friendships`);
      for (const set of [promised.before, promised.during]) {
        for (const p of set.players) {
          expect(users.has(p.email), p.email).toBe(true);
          expect(puns.has(p.punId ?? ''), p.email).toBe(true);
        }
        for (const r of set.reactions) expect(reactions.has(`${r.userId}:${r.punId}`)).toBe(true);
        for (const f of set.friendships)
          expect(friendships.has(`${f.userId}:${f.friendId}`)).toBe(true);
      }
      const everEmails = new Set(
        [...writer.players, ...acknowledged.players, ...during.players].map((p) => p.email),
      );
      expect([...users].filter((e) => !everEmails.has(e))).toEqual([]);
      expect(users.size).toBeGreaterThanOrEqual(promised.before.players.length + 2);
      expect(reactions.size).toBeGreaterThan(0);
      expect(friendships.size).toBeGreaterThan(0);

      const drift = await queryRows(
        database.db,
        sql`select p.id from puns p where
              p.crown_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'crown')
           or p.fire_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'fire')
           or p.thinker_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'thinker')
           or p.laughing_count <> (select count(*) from reactions r where r.pun_id = p.id and r.kind = 'laughing')
           union all
            select u.id from users u where u.crown_count <>
              (select count(*) from reactions r join puns p on p.id = r.pun_id
               where p.user_id = u.id and r.kind = 'crown')`,
      );
      expect(drift).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('restores only into an empty data folder, or moves the old one aside with --force', async () => {
    const file = path.join(root, 'nightly.tar.gz');
    const dataDir = path.join(root, 'fresh');
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const io = capture();
    expect(await runRestoreCli([file], env, { io })).toBe(1);
    expect(io.lines()).toContain('is not empty');
    expect(io.lines()).toContain('--force');

    const forced = capture();
    expect(await runRestoreCli([file, '--force'], env, { io: forced })).toBe(0);
    const aside = readdirSync(root).filter((f) => f.startsWith('fresh.bak-'));
    expect(aside).toHaveLength(1);
    expect(forced.lines()).toContain(
      `The previous data folder is now ${path.join(root, aside[0] ?? '')}`,
    );
    expect(existsSync(path.join(root, aside[0] ?? '', 'pglite', 'PG_VERSION'))).toBe(true);

    // Not a backup: refused before anything is touched.
    const bogus = path.join(root, 'not-a-backup.tar.gz');
    spawnSync('sh', ['-c', `echo hello | gzip > ${JSON.stringify(bogus)}`]);
    const bad = capture();
    expect(
      await runRestoreCli([bogus], { ...env, DATA_DIR: path.join(root, 'other') }, { io: bad }),
    ).toBe(1);
    expect(bad.lines()).toContain('is not a Punday backup: it holds no PostgreSQL data folder');
    expect(existsSync(path.join(root, 'other'))).toBe(false);

    const missing = capture();
    expect(await runRestoreCli([], env, { io: missing })).toBe(2);
    expect(missing.lines()).toContain('Usage: npm run restore');
  });

  it('prints the pg_dump recipe for PostgreSQL and exits 2', async () => {
    const env = { DATABASE_URL: 'postgres://punday@127.0.0.1:5432/punday', LOG_LEVEL: 'silent' };
    const backup = capture();
    expect(await runBackupCli([path.join(root, 'x.tar.gz')], env, { io: backup })).toBe(2);
    const restore = capture();
    expect(await runRestoreCli([path.join(root, 'nightly.tar.gz')], env, { io: restore })).toBe(2);
    for (const io of [backup, restore]) {
      expect(io.lines()).toContain('pg_dump --format=custom --no-owner');
      expect(io.lines()).toContain('pg_restore --no-owner');
    }
    expect(existsSync(path.join(root, 'x.tar.gz'))).toBe(false);
  });

  it('says so clearly when DATA_DIR is too deep for the operator socket', async () => {
    const deep = path.join(root, 'd'.repeat(60), 'e'.repeat(60));
    mkdirSync(deep, { recursive: true });
    expect(Buffer.byteLength(path.join(deep, 'operator.sock'))).toBeGreaterThan(
      MAX_SOCKET_PATH_BYTES,
    );
    const server = await start(deep);
    expect(server.output()).toContain(
      'Operator commands (npm run backup, challenge, moderate) cannot reach this server',
    );
    const io = capture();
    const code = await runBackupCli(
      [path.join(root, 'deep.tar.gz')],
      { DATA_DIR: deep, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      { io, cwd: root },
    );
    expect(code).toBe(1);
    expect(io.lines()).toMatch(
      /A Punday server \(pid \d+\) is using .+, and it cannot take operator commands: The operator socket path .+ is \d+ bytes, longer than the \d+ a Unix socket allows\.\nStop it to run the command directly, or move DATA_DIR to a shorter path\./,
    );
    expect(await stopServer(server)).toBe(0);
    // Stopped: the same command runs directly.
    const direct = capture();
    expect(
      await runBackupCli(
        [path.join(root, 'deep.tar.gz')],
        { DATA_DIR: deep, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        { io: direct },
      ),
    ).toBe(0);
    expect(direct.lines()).toContain('taken directly (no server was running)');
  }, 90_000);
});
