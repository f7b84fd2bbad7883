// Live fan-out: how many Server-Sent Events streams one server holds, what each costs in memory,
// and how fast a new pun reaches all of them. Writes docs/bench-results/fanout.json.
//   node bench/fanout.mjs [--clients 10000] [--puns 5] [--only pglite|postgres] [--profile]
// 1. One server on PGlite (a fresh DATA_DIR): --clients signed-in streams on GET /api/events,
//    opened from load processes (bench/fanout-client.mjs, ≤ 5,000 sockets each) in batches of 500.
//    Server RSS (/proc/<pid>/status VmRSS) before and after gives the memory per connection.
//    Then --puns puns, each by another player and 2 s apart: every stream notes when the pun's
//    event arrives; latency = arrival - the moment the POST was sent (one machine, one clock).
// 2. Two servers on one PostgreSQL database (created on BENCH_DATABASE_URL or TEST_DATABASE_URL,
//    default postgres://postgres@127.0.0.1:5432/test, dropped at the end), half the streams on
//    each; the puns are posted on A, so B's streams hear them through LISTEN/NOTIFY.
// Target: p99 under 1 s, no failed connections, no stream misses an event.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const CLIENTS = Number(arg('clients', 10_000));
const PUNS = Number(arg('puns', 5));
const ONLY = arg('only', null);
const PROFILE = args.includes('--profile');
const PUN_SPACING_MS = 2_000;
const BATCH = 500;
const PER_PROCESS = 5_000; // sockets per load process (its fd limit is 20,000)
const WARM_UP = 500; // streams opened and ended before the first memory reading
const SESSIONS = 20; // viewers whose session cookies the streams share
const TARGET_P99_MS = 1_000;
const DEADLINE_MS = Number(arg('timeout', 8 * 60)) * 1000;
const pgAdminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const METRICS_TOKEN = randomBytes(16).toString('hex');

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n) => Math.round(n).toLocaleString('en-US');

// Everything started here, to be stopped however the run ends.
const cleanups = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (err) {
      console.error(`clean-up: ${err.message}`);
    }
  }
}
const deadline = setTimeout(async () => {
  console.error(`Timed out after ${DEADLINE_MS / 1000} s; stopping`);
  await cleanUp();
  process.exit(1);
}, DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanUp();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------
// Servers

function freePort() {
  // Below the ephemeral range (32768-60999 here), which the 10,000 client sockets use.
  return 20_000 + Math.floor(Math.random() * 10_000);
}

async function startServer(label, databaseUrl) {
  const port = freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'punday-fanout-'));
  // The inspector (loopback only, idle but for the memory readings) lets the bench collect the
  // server's garbage before each reading, so the before/after difference is the streams' cost,
  // not whatever garbage the last GC happened to leave.
  // Port 0: the system picks a free one, which the server prints ("Debugger listening on ws://…").
  const nodeArgs = ['--inspect=127.0.0.1:0', '--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      METRICS_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d) => {
    out = (out + d).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const server = {
    label,
    port,
    inspectorUrl: () => /Debugger listening on (ws:\/\/\S+)/.exec(out)?.[1],
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
  };
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await new Promise((r) => child.once('exit', r));
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} server exited:\n${out}`);
    const ok = await fetch(`${server.base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    if (Date.now() > until) throw new Error(`${label} server did not start:\n${out}`);
    await sleep(200);
  }
}

function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

const WebSocketClass = globalThis.WebSocket ?? (await import('undici')).WebSocket;

/** A DevTools-protocol session on the server's inspector: call(method, params) → result. */
async function inspector(server) {
  const url = server.inspectorUrl();
  if (!url) throw new Error(`${server.label}: no inspector address in the server's output`);
  const ws = new WebSocketClass(url);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error('cannot reach the server inspector'));
  });
  let next = 0;
  const pending = new Map();
  ws.onmessage = (e) => {
    const msg = JSON.parse(String(e.data));
    if (msg.id === undefined) return;
    pending.get(msg.id)?.(msg);
    pending.delete(msg.id);
  };
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => reject(new Error(`inspector ${method} timed out`)), 30_000);
      pending.set(id, (msg) => {
        clearTimeout(timer);
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
        else resolve(msg.result);
      });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => ws.close() };
}

/**
 * The server's memory after two full garbage collections (through its inspector): VmRSS from
 * /proc/<pid>/status, and V8's heapUsed and external (which counts Buffers) from
 * process.memoryUsage().
 */
async function memoryAfterGc(server) {
  const session = await inspector(server);
  try {
    // Twice, then a pause: V8 gives freed pages back to the system a little after a collection.
    await session.call('HeapProfiler.collectGarbage');
    await sleep(500);
    await session.call('HeapProfiler.collectGarbage');
    await sleep(1500);
    const r = await session.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    const usage = JSON.parse(r.result.value);
    return {
      rss: rssBytes(server.child.pid),
      heapUsed: usage.heapUsed,
      external: usage.external,
    };
  } finally {
    session.close();
  }
}

/**
 * With --profile: a CPU profile of each server while the puns go out, written to
 * /tmp/fanout-<label>.cpuprofile (open it in Chrome DevTools), and its top functions by self time.
 */
async function startProfile(server) {
  if (!PROFILE) return null;
  const session = await inspector(server);
  await session.call('Profiler.enable');
  await session.call('Profiler.setSamplingInterval', { interval: 200 });
  await session.call('Profiler.start');
  return async () => {
    const { profile } = await session.call('Profiler.stop');
    session.close();
    const file = path.join(os.tmpdir(), `fanout-${server.label}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const dt = new Map();
    for (let i = 0; i < profile.samples.length; i++)
      dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + profile.timeDeltas[i]);
    const self = new Map();
    for (const node of profile.nodes) {
      const f = node.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(`file://${root}/`, '')}:${f.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0));
    }
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    console.log(`  CPU profile of ${server.label}: ${file}; top self time:`);
    for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(
        `    ${(us / 1000).toFixed(1).padStart(8)} ms ${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`,
      );
  };
}

/** The server's own count of open streams (the punday_live_event_connections gauge). */
async function liveConnections(server) {
  const res = await fetch(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const m = /^punday_live_event_connections (\d+)/m.exec(await res.text());
  return m ? Number(m[1]) : null;
}

const json = (body, cookie) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});
const cookieOf = (res) =>
  (res.headers.getSetCookie().find((c) => c.startsWith('punday_session=')) ?? '').split(';')[0];

async function signUp(server, email) {
  const res = await fetch(
    `${server.base}/api/auth/signup`,
    json({ email, password: 'bench-password' }),
  );
  const cookie = cookieOf(res);
  if (!res.ok || !cookie) throw new Error(`sign-up ${email}: ${res.status} ${await res.text()}`);
  return cookie;
}

async function players(server, prefix, n) {
  const cookies = [];
  for (let i = 0; i < n; i += 5)
    cookies.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(5, n - i) }, (_, j) =>
          signUp(server, `${prefix}${i + j}@example.com`),
        ),
      )),
    );
  return cookies;
}

// ---------------------------------------------------------------------------------------------
// Load processes

async function startLoad(name) {
  const child = fork(path.join(root, 'bench/fanout-client.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
  });
  const waiting = [];
  child.on('message', (msg) => waiting.shift()?.resolve(msg));
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`load process ${name} exited (${code})`));
  });
  const load = {
    name,
    child,
    ask(msg) {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        if (msg) child.send(msg);
      });
    },
  };
  await load.ask(null); // { type: 'ready' }
  return load;
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function summarize(values) {
  const sorted = Float64Array.from(values).sort();
  const r = (x) => (x === null ? null : Math.round(x * 10) / 10);
  return {
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
    max: r(sorted.length ? sorted[sorted.length - 1] : null),
  };
}

/**
 * Opens `count` streams on `server` from the given load processes, a batch at a time, and
 * waits for each to get ': connected'.
 */
async function openStreams(server, loads, count, cookies) {
  const started = now();
  let ok = 0;
  let failed = 0;
  const errors = {};
  const connectMs = [];
  const perLoad = new Map(loads.map((l) => [l, 0]));
  for (let opened = 0; opened < count; opened += BATCH) {
    // The load process with the fewest streams takes the next batch.
    const load = [...perLoad].sort((a, b) => a[1] - b[1])[0][0];
    const n = Math.min(BATCH, count - opened);
    const r = await load.ask({
      type: 'open',
      n,
      host: '127.0.0.1',
      port: server.port,
      cookies,
      timeoutMs: 30_000,
    });
    perLoad.set(load, perLoad.get(load) + n);
    ok += r.ok;
    failed += r.failed;
    for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
    connectMs.push(...r.connectMs);
  }
  return {
    ok,
    failed,
    errors,
    rampSeconds: Math.round((now() - started) / 100) / 10,
    connectMs: summarize(connectMs),
  };
}

/**
 * A warm-up before the first memory reading: open and end WARM_UP streams, so code compiled and
 * pools grown on the first connections are not counted as the streams' cost.
 */
async function warmUp(server, loads, cookies) {
  await openStreams(server, loads, WARM_UP, cookies);
  await Promise.all(loads.map((l) => l.ask({ type: 'drop' })));
  const until = Date.now() + 10_000;
  let left = await liveConnections(server);
  while (left !== 0 && Date.now() < until) {
    await sleep(100);
    left = await liveConnections(server);
  }
  if (left !== 0) throw new Error(`${server.label}: ${left} warm-up streams still open`);
}

/** Memory before and after, after a short settle, per stream held. */
async function settledMemory(server) {
  await sleep(2000);
  return memoryAfterGc(server);
}
function memoryFigures(before, after, streams) {
  const per = (k) => Math.round((after[k] - before[k]) / Math.max(1, streams));
  return {
    rssBefore: before.rss,
    rssAfter: after.rss,
    bytesPerConnection: per('rss'),
    heapUsedBefore: before.heapUsed,
    heapUsedAfter: after.heapUsed,
    heapBytesPerConnection: per('heapUsed'),
    externalBytesPerConnection: per('external'),
  };
}
const mib = (b) => (b / 2 ** 20).toFixed(0);
function logMemory(label, m) {
  console.log(
    `  ${label}RSS ${mib(m.rssBefore)} MiB → ${mib(m.rssAfter)} MiB: ${fmt(m.bytesPerConnection)} bytes per connection (V8 heap ${fmt(m.heapBytesPerConnection)}, external ${fmt(m.externalBytesPerConnection)})`,
  );
}

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * Posts `PUNS` puns on `poster` (each by its own player, PUN_SPACING_MS apart), then collects
 * every stream's receive times from each group of load processes.
 */
async function postAndMeasure(poster, posterCookies, groups, servers) {
  const sent = [];
  const stopProfiles = await Promise.all(servers.map(startProfile));
  const cpuBefore = servers.map((s) => cpuMs(s.child.pid));
  for (let i = 0; i < PUNS; i++) {
    if (i) await sleep(PUN_SPACING_MS);
    const at = now();
    const res = await fetch(
      `${poster.base}/api/puns`,
      json({ text: `Fan-out pun ${i}: I'm reading a book on anti-gravity` }, posterCookies[i]),
    );
    const answeredMs = now() - at;
    const body = await res.json();
    if (res.status !== 201) throw new Error(`posting a pun: ${res.status} ${JSON.stringify(body)}`);
    sent.push({ id: body.pun.id, at, answeredMs: Math.round(answeredMs * 10) / 10 });
    console.log(`  pun ${i + 1}/${PUNS} posted (answered in ${Math.round(answeredMs)} ms)`);
  }
  const expect = sent.map((s) => s.id);
  const loads = groups.flatMap((g) => g.loads);
  // Wait (up to 15 s) until every stream has every pun, so a slow delivery is measured, not missed.
  const until = Date.now() + 15_000;
  for (;;) {
    const statuses = await Promise.all(loads.map((l) => l.ask({ type: 'status' })));
    const open = statuses.reduce((a, s) => a + s.open, 0);
    const complete = expect.every(
      (id) => statuses.reduce((a, s) => a + (s.received[id] ?? 0), 0) >= open,
    );
    if (complete || Date.now() > until) break;
    await sleep(250);
  }
  const cpuAfter = servers.map((s) => cpuMs(s.child.pid));
  for (const stop of stopProfiles) await stop?.();
  const result = [];
  for (const group of groups) {
    const reports = await Promise.all(group.loads.map((l) => l.ask({ type: 'report', expect })));
    const latencies = [];
    const perPun = sent.map((s) => {
      const lat = reports.flatMap((r) => r.times[s.id].map((t) => t - s.at));
      latencies.push(...lat);
      return { ...summarize(lat), deliveries: lat.length, postAnsweredMs: s.answeredMs };
    });
    result.push({
      group: group.label,
      streams: reports.reduce((a, r) => a + r.streams, 0),
      stillOpen: reports.reduce((a, r) => a + r.open, 0),
      closedEarly: reports.reduce((a, r) => a + r.closedEarly, 0),
      clientsMissing: reports.reduce((a, r) => a + r.clientsMissing, 0),
      missedDeliveries: reports.reduce((a, r) => a + r.missedDeliveries, 0),
      duplicates: reports.reduce((a, r) => a + r.duplicates, 0),
      deliveries: latencies.length,
      latencies,
      latency: summarize(latencies),
      perPun,
    });
  }
  return {
    groups: result,
    serverCpuMsPerPun: cpuAfter.map((after, i) => Math.round((after - cpuBefore[i]) / PUNS)),
  };
}

// ---------------------------------------------------------------------------------------------
// The two setups

async function setupOne() {
  console.log(`\nOne server on PGlite, ${fmt(CLIENTS)} streams`);
  const server = await startServer('PGlite');
  const viewers = await players(server, 'viewer', SESSIONS);
  const posters = await players(server, 'poster', PUNS);
  const loads = [];
  for (let i = 0; i < Math.ceil(CLIENTS / PER_PROCESS); i++) loads.push(await startLoad(`l${i}`));
  await warmUp(server, loads, viewers);
  const before = await settledMemory(server);
  const loadBefore = os.loadavg()[0];
  const connect = await openStreams(server, loads, CLIENTS, viewers);
  const serverCount = await liveConnections(server);
  console.log(
    `  ${fmt(connect.ok)} connected, ${connect.failed} failed in ${connect.rampSeconds} s (server counts ${serverCount})`,
  );
  const memory = memoryFigures(before, await settledMemory(server), connect.ok);
  logMemory('', memory);
  const m = await postAndMeasure(server, posters, [{ label: 'PGlite', loads }], [server]);
  const g = m.groups[0];
  for (const l of loads) l.child.send({ type: 'close' });
  await cleanUp();
  return finish({
    label: 'One server, PGlite',
    clients: CLIENTS,
    connect,
    serverCountedStreams: serverCount,
    loadAverage1m: { beforeConnect: loadBefore, end: os.loadavg()[0] },
    ...memory,
    serverCpuMsPerPun: m.serverCpuMsPerPun[0],
    ...stats(g),
    perPun: g.perPun,
  });
}

async function setupTwo() {
  const each = Math.ceil(CLIENTS / 2);
  console.log(`\nTwo servers on one PostgreSQL database, ${fmt(each)} streams on each`);
  const name = `punday_fanout_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: pgAdminUrl });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  });
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  // One after the other: the first one migrates the new database.
  const a = await startServer('A', url.toString());
  const b = await startServer('B', url.toString());
  const viewers = await players(a, 'viewer', SESSIONS);
  const posters = await players(a, 'poster', PUNS);
  const groups = [];
  for (const server of [a, b]) {
    const loads = [];
    for (let i = 0; i < Math.ceil(each / PER_PROCESS); i++)
      loads.push(await startLoad(`${server.label}${i}`));
    groups.push({ label: server.label, server, loads });
  }
  for (const g of groups) await warmUp(g.server, g.loads, viewers);
  const before = [];
  for (const s of [a, b]) before.push(await settledMemory(s));
  const loadBefore = os.loadavg()[0];
  const connects = [];
  for (const g of groups) {
    const c = await openStreams(g.server, g.loads, each, viewers);
    c.serverCounted = await liveConnections(g.server);
    console.log(
      `  ${g.label}: ${fmt(c.ok)} connected, ${c.failed} failed in ${c.rampSeconds} s (server counts ${c.serverCounted})`,
    );
    connects.push(c);
  }
  const after = [];
  for (const s of [a, b]) after.push(await settledMemory(s));
  const m = await postAndMeasure(a, posters, groups, [a, b]);
  for (const l of groups.flatMap((g) => g.loads)) l.child.send({ type: 'close' });
  await cleanUp();
  const instances = groups.map((g, i) => {
    const r = m.groups[i];
    const memory = memoryFigures(before[i], after[i], connects[i].ok);
    logMemory(`${g.label}: `, memory);
    return {
      label: i === 0 ? 'A (posted on)' : 'B (through LISTEN/NOTIFY)',
      clients: each,
      connect: connects[i],
      ...memory,
      serverCpuMsPerPun: m.serverCpuMsPerPun[i],
      ...stats(r),
      connectFailures: connects[i].failed,
      perPun: r.perPun,
    };
  });
  const all = { latencies: m.groups.flatMap((g) => g.latencies) };
  const sum = (k) => instances.reduce((acc, x) => acc + x[k], 0);
  const okTotal = connects.reduce((acc, c) => acc + c.ok, 0);
  for (const x of instances) {
    x.pass = x.connectFailures === 0 && x.missed === 0 && x.latency.p99 < TARGET_P99_MS;
    console.log(
      `  ${x.label}: p50 ${x.latency.p50} ms, p95 ${x.latency.p95} ms, p99 ${x.latency.p99} ms, max ${x.latency.max} ms, ${x.missed} streams missed an event`,
    );
  }
  return finish({
    label: 'Two servers, PostgreSQL',
    clients: each * 2,
    connectFailures: sum('connectFailures'),
    loadAverage1m: { beforeConnect: loadBefore, end: os.loadavg()[0] },
    rssBefore: sum('rssBefore'),
    rssAfter: sum('rssAfter'),
    bytesPerConnection: Math.round((sum('rssAfter') - sum('rssBefore')) / Math.max(1, okTotal)),
    heapBytesPerConnection: Math.round(
      (sum('heapUsedAfter') - sum('heapUsedBefore')) / Math.max(1, okTotal),
    ),
    deliveries: sum('deliveries'),
    missed: sum('missed'),
    missedDeliveries: sum('missedDeliveries'),
    closedEarly: sum('closedEarly'),
    duplicates: sum('duplicates'),
    latency: summarize(all.latencies),
    instances,
  });
}

function stats(g) {
  return {
    deliveries: g.deliveries,
    missed: g.clientsMissing,
    missedDeliveries: g.missedDeliveries,
    closedEarly: g.closedEarly,
    duplicates: g.duplicates,
    latency: g.latency,
  };
}

function finish(s) {
  if (s.connectFailures === undefined) s.connectFailures = s.connect.failed;
  s.pass =
    s.connectFailures === 0 &&
    s.missed === 0 &&
    s.latency.p99 !== null &&
    s.latency.p99 < TARGET_P99_MS;
  console.log(
    `  ${s.label}: ${fmt(s.deliveries)} deliveries, p50 ${s.latency.p50} ms, p95 ${s.latency.p95} ms, p99 ${s.latency.p99} ms, max ${s.latency.max} ms; ${s.missed} streams missed an event, ${s.connectFailures} failed connections: ${s.pass ? 'PASS' : 'FAIL'}`,
  );
  return s;
}

// ---------------------------------------------------------------------------------------------

const setups = [];
let failure = null;
try {
  if (ONLY !== 'postgres') setups.push(await setupOne());
  if (ONLY !== 'pglite') setups.push(await setupTwo());
} catch (err) {
  failure = err;
  console.error(err);
} finally {
  await cleanUp();
  clearTimeout(deadline);
}

const v = (p) =>
  JSON.parse(readFileSync(path.join('node_modules', p, 'package.json'), 'utf8')).version;
const result = {
  at: new Date().toISOString(),
  clients: CLIENTS,
  puns: PUNS,
  punSpacingMs: PUN_SPACING_MS,
  batch: BATCH,
  sessions: SESSIONS,
  targets: { p99Ms: TARGET_P99_MS, connectFailures: 0, missed: 0 },
  machine: {
    cpus: os.cpus().length,
    // An object, not an array: the file stays as Biome would format it.
    loadAverage: Object.fromEntries(['1m', '5m', '15m'].map((k, i) => [k, os.loadavg()[i]])),
  },
  versions: { node: process.version, fastify: v('fastify'), pglite: v('@electric-sql/pglite') },
  setups,
  ...(failure ? { error: String(failure.stack ?? failure) } : {}),
  notes:
    'Latency runs from the moment POST /api/puns is sent to the moment the pun event reaches ' +
    'each stream (load processes on the same machine, one clock), over ' +
    `${PUNS} puns by different players ${PUN_SPACING_MS / 1000} s apart. Memory per connection is ` +
    "the server's RSS growth (after a full garbage collection, through its inspector) over the " +
    'streams it holds; RSS moves with what the allocator keeps, so V8 heap growth per stream ' +
    '(heapBytesPerConnection) is given too and is the steadier figure. The load processes and ' +
    "the servers share the machine's cores, so latencies include the clients' own work.",
};
if (PROFILE || ONLY) {
  console.log('\n(--profile or --only: docs/bench-results/fanout.json left as it was)');
} else if (!failure || setups.length) {
  mkdirSync('docs/bench-results', { recursive: true });
  writeFileSync('docs/bench-results/fanout.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log('\nWrote docs/bench-results/fanout.json');
}
const pass = !failure && setups.length > 0 && setups.every((s) => s.pass);
console.log(pass ? 'Live fan-out: PASS' : 'Live fan-out: FAIL');
process.exit(pass ? 0 : 1);
