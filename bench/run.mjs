// `npm run bench`: measures Punday against a ceiling measured in the same run, on this machine,
// and writes docs/performance.md. Never part of `npm test`.
//   BENCH_DURATION   seconds per measurement (default 10)
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  a PostgreSQL server URL; adds the PostgreSQL run
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 100;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function start(command, args, env) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return { child, output: () => out };
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function stop(proc) {
  if (proc.child.exitCode !== null) return;
  proc.child.kill('SIGTERM');
  await new Promise((r) => proc.child.once('exit', r));
}

function freePort() {
  return 40_000 + Math.floor(Math.random() * 20_000);
}

async function load(url, headers = {}) {
  // A short warm-up, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
  };
}

async function ceiling() {
  const port = freePort();
  const proc = start(process.execPath, ['bench/ceiling-server.mjs'], { PORT: String(port) });
  await waitFor(async () => proc.output().includes('ready'), 'ceiling server');
  try {
    return await load(`http://127.0.0.1:${port}/feed`);
  } finally {
    await stop(proc);
  }
}

const json = (body, cookie) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});
const cookieOf = (res) =>
  (res.headers.getSetCookie().find((c) => c.startsWith('punday_session=')) ?? '').split(';')[0];

/** A Punday server with 60 players who each posted today, and a viewer who reacted to 20 puns. */
async function punday(label, databaseUrl) {
  const port = freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'punday-bench-'));
  const proc = start(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, `${label} server`);
    const punIds = [];
    for (let batch = 0; batch < 60; batch += 10) {
      await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const res = await fetch(
            `${base}/api/auth/signup`,
            json({ email: `bench${batch + i}@example.com`, password: 'bench-password' }),
          );
          const posted = await fetch(
            `${base}/api/puns`,
            json({ text: `Benchmark pun ${batch + i}: lettuce turnip the beet` }, cookieOf(res)),
          );
          punIds.push((await posted.json()).pun.id);
        }),
      );
    }
    const viewer = cookieOf(
      await fetch(
        `${base}/api/auth/signup`,
        json({ email: 'viewer@example.com', password: 'bench-password' }),
      ),
    );
    for (const id of punIds.slice(0, 20)) {
      await fetch(`${base}/api/puns/${id}/reaction`, {
        ...json({ reaction: 'fire' }, viewer),
        method: 'PUT',
      });
    }
    const now = new Date();
    const from = new Date(now.getTime() - 12 * 3600_000).toISOString();
    const to = new Date(now.getTime() + 12 * 3600_000).toISOString();
    const url = `${base}/api/feed/global?period=today&from=${from}&to=${to}&limit=50`;
    const check = await (await fetch(url, { headers: { cookie: viewer } })).json();
    if (check.puns?.length !== 50)
      throw new Error(`expected 50 puns in the feed, got ${check.puns?.length}`);
    return await load(url, { cookie: viewer });
  } finally {
    await stop(proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withBenchDatabase(fn) {
  const name = `punday_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const again = new pg.Client({ connectionString: pgUrl });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  }
}

function versions() {
  const v = (p) =>
    JSON.parse(readFileSync(path.join('node_modules', p, 'package.json'), 'utf8')).version;
  let postgres = 'not measured';
  if (pgUrl) {
    try {
      postgres = execFileSync('psql', [pgUrl, '-Atc', 'show server_version'], {
        encoding: 'utf8',
      }).trim();
    } catch {
      postgres = 'unknown';
    }
  }
  return {
    node: process.version,
    fastify: v('fastify'),
    pglite: v('@electric-sql/pglite'),
    pg: v('pg'),
    postgres,
    autocannon: v('autocannon'),
  };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const rows = [];
console.log(`Ceiling: bare Fastify, fixed 50-item body, ${CONNECTIONS} connections, ${DURATION}s`);
const base = await ceiling();
console.log(`  ${fmt(base.rps)} req/s, p99 ${base.p99} ms`);
for (const [label, run] of [
  ['PGlite', () => punday('PGlite')],
  ...(pgUrl ? [['PostgreSQL', () => withBenchDatabase((url) => punday('PostgreSQL', url))]] : []),
]) {
  console.log(`Punday signed-in Global feed (50 puns) on ${label}`);
  const r = await run();
  const ratio = r.rps / base.rps;
  const pass = ratio >= TARGET_RATIO && r.p99 < TARGET_P99_MS && r.non2xx === 0 && r.errors === 0;
  console.log(
    `  ${fmt(r.rps)} req/s (${(ratio * 100).toFixed(1)}% of ceiling), p99 ${r.p99} ms, non-2xx ${r.non2xx}: ${pass ? 'PASS' : 'FAIL'}`,
  );
  rows.push({ label, ...r, ratio, pass });
}

const cpus = os.cpus();
const ver = versions();
const report = `# Performance

Written by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString()}. Every figure is a ratio
against a baseline measured in the same run on the same machine; rerun it to check.

Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${os.type()} ${os.release()}.
Versions: Node ${ver.node}, Fastify ${ver.fastify}, PGlite ${ver.pglite}, pg ${ver.pg}, PostgreSQL ${ver.postgres}, autocannon ${ver.autocannon}.
Load: autocannon in the same machine, ${CONNECTIONS} connections, ${DURATION} s after a 2 s warm-up.

## Read path: signed-in Global feed against the ceiling

Target: at least ${TARGET_RATIO * 100}% of the ceiling's throughput, p99 under ${TARGET_P99_MS} ms.

| Run | Requests/s | p99 latency | Ratio to ceiling | Non-2xx | Result |
|---|---|---|---|---|---|
| Ceiling: bare Fastify, fixed 50-item JSON | ${fmt(base.rps)} | ${base.p99} ms | 100% | ${base.non2xx} | baseline |
${rows.map((r) => `| Punday Global feed, 50 puns, ${r.label} | ${fmt(r.rps)} | ${r.p99} ms | ${(r.ratio * 100).toFixed(1)}% | ${r.non2xx} | ${r.pass ? 'PASS' : 'FAIL'} |`).join('\n')}

The feed here is 50 of 61 puns posted today by 60 players, with the viewer's own reaction on
20 of them; every request is signed in (session cookie).

## Not measured yet

Growth at 10,000 and 1,000,000 puns, write throughput, SSE fan-out to 10,000 clients, crash
safety and the client bundle and page metrics are part of the proof issue and not in this
script yet.
`;
writeFileSync('docs/performance.md', report);
console.log('Wrote docs/performance.md');
