// Writes: submit-pun and react throughput under 100 concurrent players, against the real server,
// and then a recount to show the rules held under that load.
//   node --import tsx bench/writes.ts [--db pglite|postgres|both] [--duration 10]
// Baseline, measured in the same run with the same client: a bare Fastify route that parses a
// small JSON body and answers 201 (bench/ceiling-server.mjs). Writes docs/bench-results/writes.json.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, queryRows } from '#server/db/connect';
import { hashToken, newToken } from '#server/features/accounts/tokens';
import { laDayOf } from '#shared/la-day';

const CONCURRENCY = 100;
const PLAYERS = 12_000;

interface Phase {
  requests: number;
  ok: number;
  refused: number;
  errors: number;
  rps: number;
  okPerSecond: number;
  p50: number;
  p99: number;
}

function startProcess(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return { child, output: () => out };
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function waitFor(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const port = () => 40_000 + Math.floor(Math.random() * 20_000);

/**
 * Runs `work` on CONCURRENCY workers until `durationMs` passes or `work` returns false, and
 * returns the counts, throughput and latency percentiles.
 */
async function drive(
  durationMs: number,
  work: (worker: number) => Promise<'ok' | 'refused' | 'error' | false>,
): Promise<Phase> {
  const latencies: number[] = [];
  let ok = 0;
  let refused = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const outcome = await work(worker);
        if (outcome === false) return;
        latencies.push(performance.now() - t);
        if (outcome === 'ok') ok++;
        else if (outcome === 'refused') refused++;
        else errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    ok,
    refused,
    errors,
    rps: latencies.length / seconds,
    okPerSecond: ok / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

const post = (url: string, body: unknown, cookie?: string, method = 'POST') =>
  fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function baseline(durationMs: number): Promise<Phase> {
  const p = port();
  const proc = startProcess(['bench/ceiling-server.mjs'], { PORT: String(p) });
  try {
    await waitFor(async () => proc.output().includes('ready'), 'ceiling server');
    return await drive(durationMs, async () => {
      const res = await post(`http://127.0.0.1:${p}/write`, { text: 'lettuce turnip the beet' });
      await res.arrayBuffer();
      return res.status === 201 ? 'ok' : 'error';
    });
  } finally {
    await stopProcess(proc.child);
  }
}

/** Players with sessions, inserted straight into the database (no password hashing each). */
async function seedPlayers(database: Database): Promise<string[]> {
  const cookies: string[] = [];
  const db = database.db;
  await db.execute(
    sql`insert into users (email, display_name, password_hash)
        select 'writer-' || i || '@bench.local', 'Writer ' || i, 'x'
        from generate_series(0, ${PLAYERS - 1}::int) i`,
  );
  const ids = await queryRows<{ id: string }>(
    db,
    sql`select id from users where email like 'writer-%' order by email`,
  );
  const values = ids.map(({ id }) => {
    const token = newToken();
    cookies.push(`punday_session=${token}`);
    return sql`(${hashToken(token)}, ${id}::uuid, now() + interval '1 day')`;
  });
  for (let i = 0; i < values.length; i += 1000)
    await db.execute(
      sql`insert into sessions (token_hash, user_id, expires_at) values ${sql.join(values.slice(i, i + 1000), sql`, `)}`,
    );
  return cookies;
}

interface Check {
  name: string;
  expected: number | string;
  actual: number | string;
  pass: boolean;
}

async function recount(database: Database, today: string, acceptedPuns: number): Promise<Check[]> {
  const one = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(database.db, query))[0]?.n ?? -1);
  const checks: Check[] = [];
  const add = (name: string, expected: number, actual: number) =>
    checks.push({ name, expected, actual, pass: expected === actual });
  add(
    'puns today = 201 answers',
    acceptedPuns,
    await one(sql`select count(*)::text as n from puns where day = ${today}`),
  );
  add(
    'players with two puns today',
    0,
    await one(
      sql`select count(*)::text as n from (select user_id from puns where day = ${today} group by user_id having count(*) > 1) x`,
    ),
  );
  add(
    'givers with two crowns in one day',
    0,
    await one(
      sql`select count(*)::text as n from (select user_id from reactions where kind = 'crown' group by user_id, given_day having count(*) > 1) x`,
    ),
  );
  add(
    'puns whose counters differ from a recount',
    0,
    await one(sql`select count(*)::text as n from puns p
      left join (select pun_id,
                  count(*) filter (where kind = 'crown') as c, count(*) filter (where kind = 'fire') as f,
                  count(*) filter (where kind = 'thinker') as t, count(*) filter (where kind = 'laughing') as l
                 from reactions group by pun_id) r on r.pun_id = p.id
      where p.crown_count <> coalesce(r.c, 0) or p.fire_count <> coalesce(r.f, 0)
         or p.thinker_count <> coalesce(r.t, 0) or p.laughing_count <> coalesce(r.l, 0)`),
  );
  add(
    'players whose crown total differs from a recount',
    0,
    await one(sql`select count(*)::text as n from users u
      left join (select p.user_id, count(*) as c from reactions r join puns p on p.id = r.pun_id
                 where r.kind = 'crown' group by p.user_id) x on x.user_id = u.id
      where u.crown_count <> coalesce(x.c, 0)`),
  );
  return checks;
}

interface WriteRun {
  db: 'pglite' | 'postgres';
  submit: Phase;
  duplicateSubmits: { sent: number; refused: number };
  react: Phase;
  reactionsStored: number;
  lastStateMismatches: number;
  checks: Check[];
  pass: boolean;
}

async function runOn(
  kind: 'pglite' | 'postgres',
  adminUrl: string | undefined,
  durationMs: number,
): Promise<WriteRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'punday-writes-'));
  let databaseUrl = '';
  let dropDb = async () => {};
  if (kind === 'postgres') {
    if (!adminUrl)
      throw new Error('PostgreSQL writes run needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const name = `punday_writes_${Date.now().toString(36)}`;
    const admin = async (q: string) => {
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
  const open = () =>
    openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
  // Players first (PGlite: before the server takes the folder).
  let database = await open();
  const cookies = await seedPlayers(database);
  await database.close();

  const p = port();
  const base = `http://127.0.0.1:${p}`;
  const server = startProcess(['--import', 'tsx', 'src/server/main.ts'], {
    PORT: String(p),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
  });
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, `${kind} server`);
    // The day's challenge exists before the clock starts.
    await fetch(`${base}/api/challenge/today`, { headers: { cookie: cookies[0] ?? '' } });

    // Submit: each worker takes the next player; every tenth player also tries a second pun,
    // which must be refused.
    let next = 0;
    let duplicatesSent = 0;
    let duplicatesRefused = 0;
    const submitted: number[] = [];
    const submitOne = async () => {
      const i = next++;
      const cookie = cookies[i];
      if (!cookie) return false;
      const res = await post(
        `${base}/api/puns`,
        { text: `Write bench pun ${i}: a latte fun` },
        cookie,
      );
      await res.arrayBuffer();
      if (res.status === 201) submitted.push(i);
      if (i % 10 === 0) {
        duplicatesSent++;
        const again = await post(`${base}/api/puns`, { text: `Second pun ${i}` }, cookie);
        await again.arrayBuffer();
        if (again.status === 409) duplicatesRefused++;
      }
      return res.status === 201 ? 'ok' : res.status < 500 ? 'refused' : 'error';
    };
    // A 2 s warm-up (its puns count in the checks, not in the figures), then the measured run.
    await drive(2000, submitOne);
    const submit = await drive(durationMs, submitOne);

    // React: 100 players (one per worker, so each player's requests are in order) set random
    // reactions on today's puns; the last answer per (player, pun) is the state to find after.
    const punIds: string[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const res = await fetch(
        `${base}/api/feed/global?period=today&limit=50${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: { cookie: cookies[0] ?? '' } },
      );
      const page = (await res.json()) as { puns: { id: string }[]; nextCursor: string | null };
      punIds.push(...page.puns.map((x) => x.id));
      cursor = page.nextCursor;
      if (punIds.length >= 400) break;
    }
    const kinds = ['crown', 'fire', 'thinker', 'laughing', null] as const;
    const last = new Map<string, string | null>();
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const reactors = cookies.slice(PLAYERS - CONCURRENCY);
    const reactOne = async (worker: number) => {
      const cookie = reactors[worker] ?? '';
      const punId = punIds[Math.floor(random() * punIds.length)] ?? '';
      const kind = kinds[Math.floor(random() * kinds.length)] ?? null;
      const res =
        kind === null
          ? await fetch(`${base}/api/puns/${punId}/reaction`, {
              method: 'DELETE',
              headers: { cookie },
            })
          : await post(`${base}/api/puns/${punId}/reaction`, { reaction: kind }, cookie, 'PUT');
      // Setting the reaction one already has takes it away (spec §4): the answer says which.
      const body = (await res.json().catch(() => ({}))) as { myReaction?: string | null };
      if (res.status === 200) last.set(`${worker}:${punId}`, body.myReaction ?? null);
      return res.status === 200 ? 'ok' : res.status < 500 ? 'refused' : 'error';
    };
    await drive(2000, reactOne);
    const react = await drive(durationMs, reactOne);
    await stopProcess(server.child);

    database = await open();
    try {
      const today = laDayOf(new Date());
      const checks = await recount(database, today, submitted.length);
      checks.push({
        name: 'second submissions refused (409)',
        expected: duplicatesSent,
        actual: duplicatesRefused,
        pass: duplicatesSent === duplicatesRefused,
      });
      const reactorIds = await queryRows<{ id: string; email: string }>(
        database.db,
        sql`select id, email from users where email like 'writer-%' order by email`,
      );
      const stored = await queryRows<{ user_id: string; pun_id: string; kind: string }>(
        database.db,
        sql`select user_id::text, pun_id::text, kind from reactions`,
      );
      const storedMap = new Map(stored.map((r) => [`${r.user_id}:${r.pun_id}`, r.kind]));
      const reactorUser = reactorIds.slice(PLAYERS - CONCURRENCY).map((r) => r.id);
      let mismatches = 0;
      for (const [key, kind] of last) {
        const [worker, punId] = key.split(':');
        const userId = reactorUser[Number(worker)];
        if ((storedMap.get(`${userId}:${punId}`) ?? null) !== kind) mismatches++;
      }
      checks.push({
        name: 'reactions differing from the last acknowledged answer',
        expected: 0,
        actual: mismatches,
        pass: mismatches === 0,
      });
      return {
        db: kind,
        submit,
        duplicateSubmits: { sent: duplicatesSent, refused: duplicatesRefused },
        react,
        reactionsStored: stored.length,
        lastStateMismatches: mismatches,
        checks,
        pass: checks.every((c) => c.pass) && submit.errors === 0 && react.errors === 0,
      };
    } finally {
      await database.close();
    }
  } finally {
    await stopProcess(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    await dropDb();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      duration: { type: 'string', default: '10' },
    },
  });
  const durationMs = Number(values.duration) * 1000;
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const kinds: ('pglite' | 'postgres')[] =
    values.db === 'both'
      ? ['pglite', ...(adminUrl ? (['postgres'] as const) : [])]
      : [values.db as 'pglite'];
  console.log(`Write ceiling: bare Fastify JSON POST, ${CONCURRENCY} concurrent clients`);
  const ceiling = await baseline(durationMs);
  console.log(`  ${Math.round(ceiling.rps)} req/s, p99 ${ceiling.p99.toFixed(1)} ms`);
  const runs: WriteRun[] = [];
  for (const kind of kinds) {
    const run = await runOn(kind, adminUrl, durationMs);
    console.log(
      `${kind}: submit ${Math.round(run.submit.okPerSecond)} puns/s (p99 ${run.submit.p99.toFixed(1)} ms), react ${Math.round(run.react.rps)} req/s (p99 ${run.react.p99.toFixed(1)} ms)`,
    );
    for (const c of run.checks)
      console.log(`  ${c.pass ? 'ok  ' : 'FAIL'} ${c.name}: ${c.actual} (expected ${c.expected})`);
    runs.push(run);
  }
  mkdirSync('docs/bench-results', { recursive: true });
  writeFileSync(
    'docs/bench-results/writes.json',
    `${JSON.stringify({ at: new Date().toISOString(), concurrency: CONCURRENCY, durationMs, ceiling, runs }, null, 2)}\n`,
  );
  console.log('Wrote docs/bench-results/writes.json');
  if (!runs.every((r) => r.pass)) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
