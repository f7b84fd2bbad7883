// Read path: Punday's signed-in Global feed against a bare Fastify ceiling measured in the same
// run (bench/ceiling-server.mjs), on PGlite and on PostgreSQL. Writes docs/bench-results/read.json.
//   BENCH_DURATION   seconds per measurement (default 10)
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  a PostgreSQL server URL; adds the PostgreSQL run
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from './ports.mjs';

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
  const port = await freePort();
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
  const port = await freePort();
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
mkdirSync('docs/bench-results', { recursive: true });
writeFileSync(
  'docs/bench-results/read.json',
  `${JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION, targets: { ratio: TARGET_RATIO, p99Ms: TARGET_P99_MS }, versions: versions(), ceiling: base, runs: rows }, null, 2)}\n`,
);
console.log('Wrote docs/bench-results/read.json');
if (!rows.every((r) => r.pass)) process.exitCode = 1;
