// Crash safety (issue 7): a write storm against the real server, killed with SIGKILL at random
// moments and restarted each time; afterwards every write that was acknowledged (a 2xx answer
// fully received before the kill) must be in the database, and every rule must still hold.
// Writes docs/crash-safety.md. Never part of `npm test`.
//   node bench/crash.mjs [--kills 20] [--db pglite|postgres|both] [--concurrency 32]
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
// is the admin URL; a fresh database is created on that server for the run and dropped after.
//
// What counts:
// - acknowledged: the 2xx answer (or a 409 that states the row exists: already friends, already
//   reported) was received in full before the kill. Requests in flight at the kill are unknown:
//   they may or may not have happened, and are never counted as lost.
// - reactions: the answer tells the pair's state (myReaction). A (player, pun) pair is checked
//   when its last request was answered; an unanswered one makes it unknown until the next answer.
//   No two requests on one pair are in flight at once, so answers arrive in the server's order.
// - sign-ups: the account row (same email), its password (scrypt, checked against the stored
//   hash) and its session (the sign-up cookie still signs in after every restart).
import { spawn } from 'node:child_process';
import { scrypt, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const DOC = 'docs/crash-safety.md';
const WINDOW_MIN_MS = 300;
const WINDOW_MAX_MS = 2000;
const SEED_PLAYERS = 40;

const { values: args } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    db: { type: 'string', default: 'both' },
    concurrency: { type: 'string', default: '32' },
    // Negative control: PGlite with synchronous_commit = off, which must lose writes.
    control: { type: 'boolean', default: false },
  },
});
const KILLS = Number(args.kills);
const CONCURRENCY = Number(args.concurrency);
if (!Number.isInteger(KILLS) || KILLS < 1 || !Number.isInteger(CONCURRENCY) || CONCURRENCY < 1) {
  console.error('--kills and --concurrency must be positive whole numbers');
  process.exit(2);
}
if (!['pglite', 'postgres', 'both'].includes(args.db)) {
  console.error('--db must be pglite, postgres or both');
  process.exit(2);
}
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// ---- The server process ----

/** Starts `node --import tsx src/server/main.ts` (no wrapper: child.pid is the server). */
async function startServer(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d) => {
    out = (out + d).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited while starting (code ${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      if (res.ok) {
        return {
          child,
          pid: child.pid,
          base,
          exited,
          startMs: performance.now() - started,
          output: () => out,
        };
      }
    } catch {}
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within 180 s:\n${out}`);
}

async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

// ---- HTTP, counted ----

function newModel() {
  const kinds = ['signup', 'pun', 'reaction', 'friend', 'report'];
  return {
    life: 0,
    nextEmail: 0,
    tag: Date.now().toString(36),
    accounts: [],
    puns: [],
    pairs: new Map(),
    friendships: new Map(),
    reports: new Map(),
    inFlight: 0,
    sessionLost: [],
    ops: Object.fromEntries(
      kinds.map((k) => [k, { sent: 0, acked: 0, refused: 0, unknown: 0, serverErrors: 0 }]),
    ),
  };
}

async function call(model, base, method, url, { body, cookie } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  model.inFlight++;
  try {
    const res = await fetch(base + url, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    // Acknowledged only once the whole answer is in.
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, json, headers: res.headers };
  } catch (err) {
    return { status: 0, error: err };
  } finally {
    model.inFlight--;
  }
}

/** Classifies an answer: ok (2xx), refused (4xx but 401), unknown (no answer, 5xx, 401). */
function classify(model, kind, r, account) {
  const o = model.ops[kind];
  o.sent++;
  if (r.status >= 200 && r.status < 300) {
    o.acked++;
    return 'ok';
  }
  if (r.status === 401 && account) {
    // The account's sign-up was acknowledged, so its session must still be there.
    model.sessionLost.push({ id: account.id, life: model.life, kind });
    o.unknown++;
    return 'unknown';
  }
  if (r.status >= 500) o.serverErrors++;
  if (r.status === 0 || r.status >= 500) {
    o.unknown++;
    return 'unknown';
  }
  o.refused++;
  return 'refused';
}

const cookieOf = (headers) =>
  (headers.getSetCookie().find((c) => c.startsWith('punday_session=')) ?? '').split(';')[0];

// ---- The storm's operations ----

async function signUp(model, base) {
  const i = model.nextEmail++;
  const email = `crash-${model.tag}-${i}@example.com`;
  const password = `crash-password-${i}`;
  const r = await call(model, base, 'POST', '/api/auth/signup', { body: { email, password } });
  if (classify(model, 'signup', r) === 'ok') {
    model.accounts.push({
      id: r.json.user.id,
      email,
      password,
      cookie: cookieOf(r.headers),
      life: model.life,
      pun: 'none',
    });
  }
}

async function postPun(model, base) {
  const candidates = model.accounts.filter((a) => a.pun === 'none' || a.pun === 'maybe');
  if (candidates.length === 0) return signUp(model, base);
  const account = pick(candidates);
  const retry = account.pun === 'maybe';
  account.pun = 'busy';
  const r = await call(model, base, 'POST', '/api/puns', {
    body: {
      text: `Crash pun ${model.puns.length}: ${pick(['a latte fun', 'lettuce turnip the beet', 'soup-er', 'brie-lliant'])}`,
    },
    cookie: account.cookie,
  });
  const outcome = classify(model, 'pun', r, account);
  if (outcome === 'ok') {
    account.pun = 'posted';
    model.puns.push({ id: r.json.pun.id, userId: account.id, life: model.life });
  } else if (outcome === 'unknown') {
    account.pun = 'maybe';
  } else if (r.status === 409) {
    // Only after an unanswered first try: that one was committed. The player has a pun today.
    account.pun = 'posted-earlier';
    if (!retry) account.unexpected409 = true;
  } else {
    account.pun = 'refused';
  }
}

function otherPun(model, account) {
  for (let i = 0; i < 8; i++) {
    const p = pick(model.puns);
    if (p && p.userId !== account.id) return p;
  }
  return undefined;
}

async function react(model, base) {
  const account = pick(model.accounts);
  const pun = otherPun(model, account);
  if (!pun) return postPun(model, base);
  const key = `${account.id}:${pun.id}`;
  let pair = model.pairs.get(key);
  if (!pair) {
    // Never touched: no reaction.
    pair = { userId: account.id, punId: pun.id, state: null, known: true, busy: false, life: 0 };
    model.pairs.set(key, pair);
  }
  // One request per pair at a time; yield to the event loop rather than spin.
  if (pair.busy) return new Promise((r) => setImmediate(r));
  pair.busy = true;
  const roll = Math.random();
  const kind = roll < 0.15 ? 'crown' : roll < 0.8 ? pick(['fire', 'thinker', 'laughing']) : null;
  const r =
    kind === null
      ? await call(model, base, 'DELETE', `/api/puns/${pun.id}/reaction`, {
          cookie: account.cookie,
        })
      : await call(model, base, 'PUT', `/api/puns/${pun.id}/reaction`, {
          body: { reaction: kind },
          cookie: account.cookie,
        });
  const outcome = classify(model, 'reaction', r, account);
  if (outcome === 'ok') {
    pair.state = r.json.myReaction ?? null;
    pair.known = true;
    pair.life = model.life;
  } else if (outcome === 'unknown') {
    pair.known = false;
  }
  // refused (409 one crown a day, ...): nothing changed, the pair keeps its state.
  pair.busy = false;
}

async function addFriend(model, base) {
  if (model.accounts.length < 2) return signUp(model, base);
  const a = pick(model.accounts);
  let b = pick(model.accounts);
  while (b === a) b = pick(model.accounts);
  const r = await call(model, base, 'PUT', `/api/friends/${b.id}`, { cookie: a.cookie });
  const outcome = classify(model, 'friend', r, a);
  // 200 added, 409 already friends (an earlier unanswered add went through): either way it is there.
  if (outcome === 'ok' || r.status === 409) {
    const key = `${a.id}:${b.id}`;
    if (!model.friendships.has(key)) model.friendships.set(key, model.life);
  }
}

async function report(model, base) {
  const account = pick(model.accounts);
  const pun = account && otherPun(model, account);
  if (!pun) return postPun(model, base);
  const r = await call(model, base, 'POST', `/api/puns/${pun.id}/report`, {
    body: { reason: pick(['offensive', 'spam', 'other']) },
    cookie: account.cookie,
  });
  const outcome = classify(model, 'report', r, account);
  if (outcome === 'ok' || r.status === 409) {
    const key = `${pun.id}:${account.id}`;
    if (!model.reports.has(key)) model.reports.set(key, model.life);
  }
}

function oneOperation(model, base) {
  const roll = Math.random();
  if (roll < 0.12) return signUp(model, base);
  if (roll < 0.3) return postPun(model, base);
  if (roll < 0.82) return react(model, base);
  if (roll < 0.94) return addFriend(model, base);
  return report(model, base);
}

async function seed(model, base) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next++ < SEED_PLAYERS) await signUp(model, base);
    }),
  );
  await Promise.all(model.accounts.map(() => postPun(model, base)));
}

/** Runs the storm for windowMs, then SIGKILLs the server mid-flight. */
async function storm(model, server, windowMs) {
  let over = false;
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (!over) await oneOperation(model, server.base);
  });
  await sleep(windowMs);
  const inFlight = model.inFlight;
  over = true;
  process.kill(server.pid, 'SIGKILL');
  const exit = await server.exited;
  await Promise.all(workers);
  return { inFlight, exit };
}

// ---- Checks after the last restart ----

function verifyPassword(password, stored) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt') return Promise.resolve(false);
  return new Promise((resolve) =>
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(salt, 'base64url'),
      32,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 },
      (err, key) => {
        const expected = Buffer.from(hash, 'base64url');
        resolve(!err && key.length === expected.length && timingSafeEqual(key, expected));
      },
    ),
  );
}

async function inBatches(items, size, fn) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** Through the API, on the restarted server: every sign-up cookie still signs in; a sample logs in. */
async function apiChecks(model, base) {
  const sessionsLost = [];
  await inBatches(model.accounts, 16, async (a) => {
    const r = await call(model, base, 'GET', '/api/auth/session', { cookie: a.cookie });
    if (r.status !== 200 || r.json?.user?.id !== a.id) sessionsLost.push(a.id);
  });
  const sample = [...model.accounts].sort(() => Math.random() - 0.5).slice(0, 20);
  const loginsFailed = [];
  await inBatches(sample, 4, async (a) => {
    const r = await call(model, base, 'POST', '/api/auth/login', {
      body: { email: a.email, password: a.password },
    });
    if (r.status !== 200 || r.json?.user?.id !== a.id) loginsFailed.push(a.id);
  });
  return {
    sessionsChecked: model.accounts.length,
    sessionsLost,
    loginsTried: sample.length,
    loginsFailed,
  };
}

async function openReader(kind, dataDir, url) {
  if (kind === 'pglite') {
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    return { rows: async (q) => (await db.query(q)).rows, close: () => db.close() };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { rows: async (q) => (await client.query(q)).rows, close: () => client.end() };
}

/** With the server stopped: acknowledged writes present, rules recounted. */
async function dbChecks(model, reader) {
  const lost = {
    accounts: [],
    passwords: [],
    puns: [],
    punsConfirmed: [],
    reactions: [],
    friendships: [],
    reports: [],
  };
  const users = new Map(
    (await reader.rows('select id::text as id, email, password_hash from users')).map((u) => [
      u.id,
      u,
    ]),
  );
  for (const a of model.accounts) {
    const u = users.get(a.id);
    if (!u || u.email !== a.email) lost.accounts.push({ id: a.id, life: a.life });
  }
  await inBatches(model.accounts, 4, async (a) => {
    const u = users.get(a.id);
    if (u && !(await verifyPassword(a.password, u.password_hash)))
      lost.passwords.push({ id: a.id, life: a.life });
  });

  const puns = new Map(
    (await reader.rows('select id::text as id, user_id::text as user_id from puns')).map((p) => [
      p.id,
      p,
    ]),
  );
  for (const p of model.puns)
    if (puns.get(p.id)?.user_id !== p.userId) lost.puns.push({ id: p.id, life: p.life });
  const authors = new Set([...puns.values()].map((p) => p.user_id));
  for (const a of model.accounts)
    if (a.pun === 'posted-earlier' && !authors.has(a.id)) lost.punsConfirmed.push({ id: a.id });

  const reactions = new Map(
    (await reader.rows('select user_id::text as u, pun_id::text as p, kind from reactions')).map(
      (r) => [`${r.u}:${r.p}`, r.kind],
    ),
  );
  let pairsChecked = 0;
  let pairsUnknown = 0;
  for (const [key, pair] of model.pairs) {
    if (!pair.known) {
      pairsUnknown++;
      continue;
    }
    pairsChecked++;
    const found = reactions.get(key) ?? null;
    if (found !== pair.state)
      lost.reactions.push({ key, expected: pair.state, found, life: pair.life });
  }

  const friendships = new Set(
    (await reader.rows('select user_id::text as u, friend_id::text as f from friendships')).map(
      (r) => `${r.u}:${r.f}`,
    ),
  );
  for (const [key, life] of model.friendships)
    if (!friendships.has(key)) lost.friendships.push({ key, life });
  const reports = new Set(
    (await reader.rows('select pun_id::text as p, reporter_id::text as r from reports')).map(
      (r) => `${r.p}:${r.r}`,
    ),
  );
  for (const [key, life] of model.reports) if (!reports.has(key)) lost.reports.push({ key, life });

  const count = async (q) => Number((await reader.rows(q))[0].n);
  const rules = [
    [
      'players with two puns on one LA day',
      'select count(*)::int as n from (select user_id from puns group by user_id, day having count(*) > 1) x',
    ],
    [
      'givers with two crowns on one LA day',
      `select count(*)::int as n from (select user_id from reactions where kind = 'crown'
         group by user_id, given_day having count(*) > 1) x`,
    ],
    [
      'players with two reactions on one pun',
      'select count(*)::int as n from (select 1 from reactions group by user_id, pun_id having count(*) > 1) x',
    ],
    [
      "reactions on one's own pun",
      'select count(*)::int as n from reactions r join puns p on p.id = r.pun_id where p.user_id = r.user_id',
    ],
    [
      'puns whose reaction counters differ from a recount',
      `select count(*)::int as n from puns p
         left join (select pun_id,
                      count(*) filter (where kind = 'crown') as c, count(*) filter (where kind = 'fire') as f,
                      count(*) filter (where kind = 'thinker') as t, count(*) filter (where kind = 'laughing') as l
                    from reactions group by pun_id) r on r.pun_id = p.id
         where p.crown_count <> coalesce(r.c, 0) or p.fire_count <> coalesce(r.f, 0)
            or p.thinker_count <> coalesce(r.t, 0) or p.laughing_count <> coalesce(r.l, 0)`,
    ],
    [
      'players whose crown total differs from a recount',
      `select count(*)::int as n from users u
         left join (select p.user_id, count(*) as c from reactions r join puns p on p.id = r.pun_id
                    where r.kind = 'crown' group by p.user_id) x on x.user_id = u.id
         where u.crown_count <> coalesce(x.c, 0)`,
    ],
    [
      'puns whose report count differs from a recount',
      `select count(*)::int as n from puns p
         left join (select pun_id, count(*) as c from reports group by pun_id) r on r.pun_id = p.id
         where p.report_count <> coalesce(r.c, 0)`,
    ],
  ];
  const ruleResults = [];
  for (const [name, q] of rules) {
    const actual = await count(q);
    ruleResults.push({ name, expected: 0, actual, pass: actual === 0 });
  }
  const stored = {
    users: users.size,
    puns: puns.size,
    reactions: reactions.size,
    friendships: friendships.size,
    reports: reports.size,
  };
  return { lost, rules: ruleResults, stored, pairsChecked, pairsUnknown };
}

// ---- One database ----

async function runOn(kind, control = false) {
  const runStarted = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'punday-crash-'));
  if (control) {
    // The server's own migrations run on top of this folder at its first start.
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    await db.exec('alter system set synchronous_commit = off');
    await db.close();
  }
  let databaseUrl = '';
  let dropDb = async () => {};
  if (kind === 'postgres') {
    const name = `punday_crash_${Date.now().toString(36)}`;
    const admin = async (q) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(q).finally(() => c.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = () => admin(`drop database if exists ${name} with (force)`);
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100000',
    // The server refuses a PGlite folder with synchronous_commit off unless told this is on purpose.
    ...(control ? { PUNDAY_UNSAFE_ASYNC_COMMIT: '1' } : {}),
  };
  const model = newModel();
  const cycles = [];
  const staleLock = { expected: 0, found: 0, takenOver: 0, notes: [] };
  const lockFile = path.join(dataDir, 'punday.pid');
  // The lock file holds "<pid> <start time>" (or just the pid where there is no /proc).
  const lockPid = () =>
    existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8').trim().split(/\s+/)[0]) : null;
  let server;
  let deadPid;
  try {
    for (let life = 1; life <= KILLS + 1; life++) {
      model.life = life;
      let lockBefore = null;
      if (kind === 'pglite' && deadPid) {
        staleLock.expected++;
        lockBefore = lockPid();
        if (lockBefore === deadPid) staleLock.found++;
        else
          staleLock.notes.push(
            `before start ${life}: lock file held ${lockBefore}, not the killed pid ${deadPid}`,
          );
      }
      server = await startServer(env);
      if (kind === 'pglite' && deadPid) {
        const lockAfter = lockPid();
        if (lockAfter === server.pid) staleLock.takenOver++;
        else
          staleLock.notes.push(
            `after start ${life}: lock file holds ${lockAfter}, not the server's pid ${server.pid}`,
          );
      }
      if (life === KILLS + 1) break;
      if (life === 1) await seed(model, server.base);
      const windowMs = WINDOW_MIN_MS + Math.random() * (WINDOW_MAX_MS - WINDOW_MIN_MS);
      const before = JSON.parse(JSON.stringify(model.ops));
      const { inFlight, exit } = await storm(model, server, windowMs);
      deadPid = server.pid;
      const acked = Object.fromEntries(
        Object.entries(model.ops).map(([k, o]) => [k, o.acked - before[k].acked]),
      );
      const unknown =
        Object.values(model.ops).reduce((n, o) => n + o.unknown, 0) -
        Object.values(before).reduce((n, o) => n + o.unknown, 0);
      cycles.push({
        kill: life,
        windowMs: Math.round(windowMs),
        restartMs: Math.round(server.startMs),
        inFlightAtKill: inFlight,
        unknown,
        acked,
        exitSignal: exit.signal,
      });
      console.log(
        `  kill ${String(life).padStart(2)}: after ${Math.round(windowMs)} ms, ${inFlight} requests in flight; ` +
          `acknowledged ${Object.entries(acked)
            .map(([k, n]) => `${n} ${k}`)
            .join(', ')} (start took ${Math.round(server.startMs)} ms)`,
      );
    }
    const finalStartMs = server.startMs;
    const api = await apiChecks(model, server.base);
    const stopped = await stopServer(server);
    const reader = await openReader(kind, dataDir, databaseUrl);
    let checked;
    try {
      checked = await dbChecks(model, reader);
    } finally {
      await reader.close();
    }
    const lostCount =
      Object.values(checked.lost).reduce((n, xs) => n + xs.length, 0) +
      api.sessionsLost.length +
      api.loginsFailed.length +
      model.sessionLost.length;
    const killedRight = cycles.every((c) => c.exitSignal === 'SIGKILL');
    const lockOk =
      kind !== 'pglite' ||
      (staleLock.found === staleLock.expected && staleLock.takenOver === staleLock.expected);
    const pass = lostCount === 0 && checked.rules.every((r) => r.pass) && killedRight && lockOk;
    const restarts = [...cycles.map((c) => c.restartMs).slice(1), Math.round(finalStartMs)];
    return {
      db: kind,
      at: new Date().toISOString(),
      kills: cycles.length,
      concurrency: CONCURRENCY,
      windowMs: { min: WINDOW_MIN_MS, max: WINDOW_MAX_MS, used: cycles.map((c) => c.windowMs) },
      cycles,
      ops: model.ops,
      acknowledged: {
        accounts: model.accounts.length,
        puns: model.puns.length,
        punsConfirmedBy409: model.accounts.filter((a) => a.pun === 'posted-earlier').length,
        reactionAnswers: model.ops.reaction.acked,
        reactionPairsChecked: checked.pairsChecked,
        reactionPairsUnknown: checked.pairsUnknown,
        friendships: model.friendships.size,
        reports: model.reports.size,
      },
      inFlightAtKills: cycles.reduce((n, c) => n + c.inFlightAtKill, 0),
      stored: checked.stored,
      lost: Object.fromEntries(Object.entries(checked.lost).map(([k, xs]) => [k, xs.length])),
      lostDetail: Object.fromEntries(
        Object.entries(checked.lost)
          .filter(([, xs]) => xs.length)
          .map(([k, xs]) => [k, xs.slice(0, 10)]),
      ),
      sessions: {
        checked: api.sessionsChecked,
        lost: api.sessionsLost.length,
        lostDuringStorm: model.sessionLost.length,
        loginsTried: api.loginsTried,
        loginsFailed: api.loginsFailed.length,
      },
      lostTotal: lostCount,
      rules: checked.rules,
      staleLock: kind === 'pglite' ? staleLock : null,
      restartMs: {
        min: Math.min(...restarts),
        median: median(restarts),
        max: Math.max(...restarts),
      },
      cleanStop: stopped ? stopped.code === 0 : true,
      durationS: (performance.now() - runStarted) / 1000,
      pass,
    };
  } catch (err) {
    if (server) server.child.kill('SIGKILL');
    throw err;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDb().catch((err) => console.error(`could not drop the database: ${err.message}`));
  }
}

// ---- Report ----

function versions(pgVersion) {
  const v = (p) =>
    JSON.parse(readFileSync(path.join('node_modules', p, 'package.json'), 'utf8')).version;
  return {
    node: process.version,
    fastify: v('fastify'),
    pglite: v('@electric-sql/pglite'),
    pg: v('pg'),
    tsx: v('tsx'),
    postgres: pgVersion ?? 'not run',
  };
}

async function postgresVersion() {
  try {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const { rows } = await c.query(
      "select current_setting('server_version') as v, current_setting('fsync') as f, current_setting('synchronous_commit') as s",
    );
    await c.end();
    return `${rows[0].v} (fsync ${rows[0].f}, synchronous_commit ${rows[0].s})`;
  } catch {
    return undefined;
  }
}

async function pgliteSettings() {
  const db = await PGlite.create();
  const out = {};
  for (const s of [
    'server_version',
    'fsync',
    'synchronous_commit',
    'wal_sync_method',
    'full_page_writes',
  ])
    out[s] = Object.values((await db.query(`show ${s}`)).rows[0])[0];
  await db.close();
  return out;
}

const MARK = '<!-- crash-results ';
function previousRuns() {
  if (!existsSync(DOC)) return {};
  const text = readFileSync(DOC, 'utf8');
  const at = text.indexOf(MARK);
  if (at < 0) return {};
  try {
    return JSON.parse(text.slice(at + MARK.length, text.indexOf(' -->', at)));
  } catch {
    return {};
  }
}

const dbName = (db) => (db === 'pglite' ? 'PGlite' : 'PostgreSQL');
const verdict = (pass) => (pass ? 'PASS' : 'FAIL');

function section(r) {
  const kinds = [
    ['signup', 'Sign-ups'],
    ['pun', 'Puns'],
    ['reaction', 'Reactions (set, change, clear)'],
    ['friend', 'Friend adds'],
    ['report', 'Reports'],
  ];
  const a = r.acknowledged;
  const lockLine = r.staleLock
    ? `\nStale data-folder lock: after each of the ${r.staleLock.expected} kills the lock file still held the killed pid ` +
      `(${r.staleLock.found}/${r.staleLock.expected}), and the restarted server took it over ` +
      `(${r.staleLock.takenOver}/${r.staleLock.expected}).${r.staleLock.notes.length ? ` Notes: ${r.staleLock.notes.join('; ')}.` : ''}\n`
    : '';
  return `### ${dbName(r.db)}: ${verdict(r.pass)}

Measured ${r.at}. ${r.kills} kills, ${r.concurrency} concurrent clients, each storm window drawn
uniformly from ${r.windowMs.min / 1000}–${r.windowMs.max / 1000} s (used: ${r.windowMs.used.map((w) => (w / 1000).toFixed(1)).join(', ')} s).
Run time ${r.durationS.toFixed(0)} s; restart after a kill (spawn to a healthy /api/health):
median ${(r.restartMs.median / 1000).toFixed(1)} s, min ${(r.restartMs.min / 1000).toFixed(1)} s, max ${(r.restartMs.max / 1000).toFixed(1)} s.
${r.inFlightAtKills} requests were in flight at the kills (unknown outcome, not counted).

| Write | Sent | Acknowledged (2xx) | Refused (4xx) | Unknown (in flight, 5xx) | of which 5xx |
|---|---|---|---|---|---|
${kinds
  .map(([k, label]) => {
    const o = r.ops[k];
    return `| ${label} | ${o.sent} | ${o.acked} | ${o.refused} | ${o.unknown} | ${o.serverErrors} |`;
  })
  .join('\n')}

| Acknowledged state checked after the last restart | Count | Lost |
|---|---|---|
| Accounts (row with the same email) | ${a.accounts} | ${r.lost.accounts} |
| Passwords (scrypt check against the stored hash) | ${a.accounts} | ${r.lost.passwords} |
| Sessions (sign-up cookie still signs in, through the API) | ${r.sessions.checked} | ${r.sessions.lost} |
| Sessions refused (401) during the storms | — | ${r.sessions.lostDuringStorm} |
| Log-in through the API (random sample) | ${r.sessions.loginsTried} | ${r.sessions.loginsFailed} |
| Puns (answered 201) | ${a.puns} | ${r.lost.puns} |
| Puns confirmed by a 409 on retry (the unanswered try was committed) | ${a.punsConfirmedBy409} | ${r.lost.punsConfirmed} |
| Reaction pairs whose last request was answered (state must match) | ${a.reactionPairsChecked} | ${r.lost.reactions} |
| Friendships (200, or 409 already friends) | ${a.friendships} | ${r.lost.friendships} |
| Reports (201, or 409 already reported) | ${a.reports} | ${r.lost.reports} |

${a.reactionPairsUnknown} reaction pairs ended with an unanswered request and were not checked.
Stored at the end: ${r.stored.users} users, ${r.stored.puns} puns, ${r.stored.reactions} reactions,
${r.stored.friendships} friendships, ${r.stored.reports} reports.
${lockLine}
| Rule (recounted with the server stopped) | Expected | Found | Result |
|---|---|---|---|
${r.rules.map((c) => `| ${c.name} | ${c.expected} | ${c.actual} | ${verdict(c.pass)} |`).join('\n')}
${r.lostTotal ? `\nLost writes (first ten of each kind):\n\n\`\`\`\n${JSON.stringify(r.lostDetail, null, 2)}\n\`\`\`\n` : ''}`;
}

function controlSection(c) {
  if (!c) return '';
  const ackd = Object.values(c.ops).reduce((n, o) => n + o.acked, 0);
  return `### Negative control: PGlite with synchronous_commit = off: ${c.pass ? 'the check caught it' : 'NOT caught'}

Measured ${c.at} with \`npm run crash -- --control --kills ${c.kills}\`. The same storm and kills on a fresh
PGlite folder where \`synchronous_commit = off\` was set (ALTER SYSTEM) before the first start.
Single-user PostgreSQL, which PGlite is, has no WAL writer process, so such commits wait in
PGlite's WAL buffers in memory and a kill takes them along. Of ${ackd} acknowledged writes the check
found ${c.lostTotal} lost items (accounts ${c.lost.accounts}, puns ${c.lost.puns}, reaction pairs ${c.lost.reactions},
friendships ${c.lost.friendships}, reports ${c.lost.reports}, sessions refused during the storms ${c.sessions.lostDuringStorm},
sessions gone at the end ${c.sessions.lost}). This run shows the check can fail, and that
\`synchronous_commit = on\` (PGlite's default, which Punday keeps) is what makes the runs above
pass: nothing in Punday's code or settings may turn it off.
`;
}

function writeDoc(runs, machine) {
  const ordered = ['pglite', 'postgres'].map((k) => runs[k]).filter(Boolean);
  const summary = ordered
    .map(
      (r) =>
        `| ${dbName(r.db)} | ${r.kills} | ${Object.values(r.ops).reduce((n, o) => n + o.acked, 0)} | ${r.lostTotal} | ${r.rules.filter((x) => x.pass).length}/${r.rules.length} | ${verdict(r.pass)} |`,
    )
    .join('\n');
  const text = `# Crash safety

Written by \`npm run crash\` (bench/crash.mjs); do not edit by hand. Rerun with
\`npm run crash -- [--kills 20] [--db pglite|postgres|both]\`.

The script starts the real server (\`node --import tsx src/server/main.ts\`), runs a write storm
against it over HTTP — sign-ups, puns by players signed up earlier, reactions (set, change, clear,
crowns), friend adds and reports, ${ordered[0]?.concurrency ?? 32} clients at once — and kills the server process
with SIGKILL at a random moment of each storm window, then restarts it on the same data
(the same \`DATA_DIR\` for PGlite, the same database for PostgreSQL). After the last kill it
restarts once more, checks every sign-up's session and a sample of log-ins through the API,
stops the server and reads the database directly.

A write counts as acknowledged only when its 2xx answer was received in full before the kill.
Requests in flight at a kill are unknown: they may or may not have happened, and are never
counted as lost. A reaction pair (player, pun) is checked against the answer to its last
request, unless that request went unanswered. Required: nothing acknowledged is lost, every rule
holds.

| Database | Kills | Acknowledged writes | Lost | Rules holding | Result |
|---|---|---|---|---|---|
${summary}

## Why PGlite keeps acknowledged writes across a kill, and what it does not promise

PGlite runs PostgreSQL ${machine.pgliteSettings.server_version} in the server's own process. Its data folder
(\`DATA_DIR/pglite\`) is Emscripten's NODEFS: every write PostgreSQL makes becomes a
synchronous \`fs.writeSync\` on the real file, so it is in the operating system's page cache
before the write returns. PGlite's settings as Punday opens it (src/server/db/connect.ts, the
defaults): \`synchronous_commit = ${machine.pgliteSettings.synchronous_commit}\`, \`fsync = ${machine.pgliteSettings.fsync}\` (PGlite starts
PostgreSQL with \`-F\`), \`full_page_writes = ${machine.pgliteSettings.full_page_writes}\`, \`relaxedDurability\` unset (false).

- A commit writes its WAL record before the transaction returns, and the server answers only
  after the transaction returns; so the WAL of every acknowledged write is in the kernel when
  the answer leaves. Killing the process (SIGKILL, an out-of-memory kill, a crash of Node) does
  not lose the page cache, and the next start replays the WAL (PostgreSQL's normal crash
  recovery, which PGlite runs in its single-user mode). That is what the runs below show.
- \`relaxedDurability\` only matters for file systems that copy the database elsewhere after a
  query (IndexedDB and OPFS in browsers): with it, PGlite answers before that copy finishes.
  NODEFS has nothing to copy, so it changes nothing here; Punday leaves it false all the same.
- Not promised: surviving a power cut or an operating-system crash. With \`fsync = off\`, and
  NODEFS having no fsync operation at all, PGlite never asks the disk to persist anything; the
  kernel writes the page cache out on its own schedule (typically within 30 s on Linux), and
  writes still in the cache at a power cut are lost, possibly with a damaged data folder.
  Turning PostgreSQL's \`fsync\` on would not change that, since NODEFS would ignore the calls.
  This is the embedded database's trade-off: one process, no separate server, durable against
  crashes of the process but not of the machine. For data that must survive the machine, run on
  PostgreSQL (\`DATABASE_URL\`, with its default \`fsync = on\`), and take backups
  (\`npm run backup\`) either way.
- PostgreSQL as a separate server is untouched by killing Punday; what the PostgreSQL run tests
  is Punday's own write path: that it answers only after the commit, and that a half-finished
  request leaves no half-written state (every multi-row change is one transaction).

## Results

${ordered.map(section).join('\n')}
${controlSection(runs.control)}
## Machine

${machine.cpus}, ${machine.memory}, ${machine.os}. Node ${machine.versions.node}, Fastify ${machine.versions.fastify},
PGlite ${machine.versions.pglite}, pg ${machine.versions.pg}, tsx ${machine.versions.tsx}, PostgreSQL ${machine.versions.postgres}.
The machine was shared with other work during the runs, so restart times vary.

${MARK}${JSON.stringify(runs)} -->
`;
  writeFileSync(DOC, text);
}

// ---- Main ----

const kinds = args.control ? ['pglite'] : args.db === 'both' ? ['pglite', 'postgres'] : [args.db];
const runs = previousRuns();
let failed = false;
for (const kind of kinds) {
  const label = args.control
    ? 'PGlite with synchronous_commit = off (negative control)'
    : dbName(kind);
  console.log(`\n=== ${label}: ${KILLS} kills, ${CONCURRENCY} concurrent clients ===`);
  let result;
  try {
    result = await runOn(kind, args.control);
  } catch (err) {
    console.error(`${label} run failed: ${err.stack ?? err}`);
    failed = true;
    continue;
  }
  const ackd = Object.values(result.ops).reduce((n, o) => n + o.acked, 0);
  console.log(
    `  ${ackd} acknowledged writes, ${result.lostTotal} lost; rules: ${result.rules.map((r) => `${r.name} ${r.actual}`).join('; ')}`,
  );
  if (result.staleLock)
    console.log(
      `  stale lock taken over ${result.staleLock.takenOver}/${result.staleLock.expected}`,
    );
  if (args.control) {
    // The control passes when the check sees the loss it is built to see.
    result.pass = result.lostTotal > 0;
    runs.control = result;
    console.log(
      `  ${result.pass ? 'PASS: the check caught the lost writes' : 'FAIL: nothing lost, so this run cannot show the check works'} in ${result.durationS.toFixed(0)} s`,
    );
  } else {
    runs[kind] = result;
    console.log(`  ${verdict(result.pass)} in ${result.durationS.toFixed(0)} s`);
  }
  if (!result.pass) failed = true;
}
const pgVersion = await postgresVersion();
const machine = {
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? 'CPU'}`,
  memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
  os: `${os.type()} ${os.release()}`,
  versions: versions(runs.postgres || kinds.includes('postgres') ? pgVersion : undefined),
  pgliteSettings: await pgliteSettings(),
};
mkdirSync('docs', { recursive: true });
writeDoc(runs, machine);
console.log(`\nWrote ${DOC}`);
if (failed) {
  console.log('FAIL: a write was lost, a rule broke, or a run did not finish.');
  process.exitCode = 1;
}
