// Growth: do the feeds stay fast as the puns pile up? Seeds a fresh database with 10,000 puns and
// another with 1,000,000 (bench/seed.ts), times each feed query in the data layer (the server's
// own service functions, no HTTP and no cache in between, so the figure is the query), and
// compares: the median at 1,000,000 must stay within 2x of the median at 10,000. The query plans
// at 1,000,000 go in the report, to show each feed walks an index.
//   node --import tsx bench/growth.ts [--db pglite|postgres|both] [--small 10000] [--large 1000000]
// Writes docs/bench-results/growth.json; bench/run.mjs folds it into docs/performance.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Clock } from '#server/clock';
import { type Database, type Db, openDatabase } from '#server/db/connect';
import {
  friendsFeed,
  playerFeed,
  timeRangeFeed,
  topWeekFeed,
} from '#server/features/feeds/service';
import { addDays, laDayOf, laDayStart } from '#shared/la-day';
import { type SeedResult, seed } from './seed.ts';

const TARGET_GROWTH = 2;
const ITERATIONS = 200;
const WARMUP = 20;

interface QueryTiming {
  median: number;
  p95: number;
  rows: number;
}

type FeedName = 'today' | 'yesterday' | 'topweek' | 'friends' | 'player' | 'landing';

function feeds(
  db: Db,
  clock: Clock,
  s: SeedResult,
): Record<FeedName, () => Promise<{ puns: unknown[] }>> {
  const now = clock.now();
  const today = laDayOf(now);
  return {
    today: () => timeRangeFeed(db, { from: laDayStart(today), to: new Date(now) }, { limit: 50 }),
    yesterday: () =>
      timeRangeFeed(
        db,
        { from: laDayStart(addDays(today, -1)), to: laDayStart(today) },
        { limit: 50 },
      ),
    topweek: () => topWeekFeed(db, clock, { limit: 50 }),
    friends: () => friendsFeed(db, s.viewerId, { limit: 50 }),
    player: () => playerFeed(db, s.playerId, { limit: 50 }),
    landing: () => topWeekFeed(db, clock, { limit: 3 }),
  };
}

async function time(fn: () => Promise<{ puns: unknown[] }>): Promise<QueryTiming> {
  let rows = 0;
  for (let i = 0; i < WARMUP; i++) rows = (await fn()).puns.length;
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), rows };
}

/** Runs `fn` once with the database's execute captured, and returns the plan of each query. */
async function plansOf(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const dialect = new PgDialect();
  const captured: SQL[] = [];
  const original = database.db.execute.bind(database.db);
  (database.db as { execute: unknown }).execute = (query: SQL) => {
    captured.push(query);
    return original(query);
  };
  try {
    await fn();
  } finally {
    (database.db as { execute: unknown }).execute = original;
  }
  const plans: string[] = [];
  for (const query of captured) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const explain = `explain (analyze, costs off, timing off, summary off) ${text}`;
    const result = database.pglite
      ? await database.pglite.query<Record<string, string>>(explain, params)
      : await database.pool?.query<Record<string, string>>(explain, params as unknown[]);
    plans.push((result?.rows ?? []).map((r) => Object.values(r)[0]).join('\n'));
  }
  return plans;
}

async function withFreshDatabase<T>(
  kind: 'pglite' | 'postgres',
  adminUrl: string | undefined,
  fn: (database: Database) => Promise<T>,
): Promise<T> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'punday-growth-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      return await fn(database);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!adminUrl)
    throw new Error('PostgreSQL growth run needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = `punday_growth_${Date.now().toString(36)}`;
  const admin = async (q: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(q);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    return await fn(database);
  } finally {
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

export interface GrowthRun {
  db: 'pglite' | 'postgres';
  small: { seed: SeedResult; timings: Record<FeedName, QueryTiming> };
  large: {
    seed: SeedResult;
    timings: Record<FeedName, QueryTiming>;
    plans: Record<FeedName, string[]>;
  };
  growth: Record<FeedName, { factor: number; pass: boolean; indexOnly: boolean }>;
  pass: boolean;
}

async function measure(
  kind: 'pglite' | 'postgres',
  adminUrl: string | undefined,
  puns: number,
  withPlans: boolean,
) {
  return withFreshDatabase(kind, adminUrl, async (database) => {
    const clock: Clock = { now: () => Date.now() };
    console.log(`${kind}: seeding ${puns.toLocaleString('en-US')} puns`);
    const seeded = await seed(database, { puns, log: (line) => console.log(line) });
    console.log(`  seeded in ${seeded.seconds.toFixed(1)} s`);
    const list = feeds(database.db, clock, seeded);
    const timings = {} as Record<FeedName, QueryTiming>;
    const plans = {} as Record<FeedName, string[]>;
    for (const [name, fn] of Object.entries(list) as [
      FeedName,
      () => Promise<{ puns: unknown[] }>,
    ][]) {
      timings[name] = await time(fn);
      console.log(
        `  ${name}: median ${timings[name].median.toFixed(2)} ms, p95 ${timings[name].p95.toFixed(2)} ms, ${timings[name].rows} rows`,
      );
      if (withPlans) plans[name] = await plansOf(database, fn);
    }
    return { seed: seeded, timings, plans };
  });
}

export async function growth(
  kind: 'pglite' | 'postgres',
  adminUrl: string | undefined,
  sizes: { small: number; large: number },
): Promise<GrowthRun> {
  const small = await measure(kind, adminUrl, sizes.small, false);
  const large = await measure(kind, adminUrl, sizes.large, true);
  const result = {} as GrowthRun['growth'];
  for (const name of Object.keys(small.timings) as FeedName[]) {
    const factor = large.timings[name].median / Math.max(small.timings[name].median, 0.001);
    const plan = (large.plans[name] ?? []).join('\n');
    result[name] = {
      factor,
      pass: factor <= TARGET_GROWTH,
      indexOnly: /Index/.test(plan) && !/Seq Scan on puns/.test(plan),
    };
  }
  return {
    db: kind,
    small: { seed: small.seed, timings: small.timings },
    large: { seed: large.seed, timings: large.timings, plans: large.plans },
    growth: result,
    pass: Object.values(result).every((g) => g.pass && g.indexOnly),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      small: { type: 'string', default: '10000' },
      large: { type: 'string', default: '1000000' },
    },
  });
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const kinds: ('pglite' | 'postgres')[] =
    values.db === 'both'
      ? ['pglite', ...(adminUrl ? (['postgres'] as const) : [])]
      : [values.db as 'pglite'];
  const sizes = { small: Number(values.small), large: Number(values.large) };
  const runs: GrowthRun[] = [];
  for (const kind of kinds) {
    const run = await growth(kind, adminUrl, sizes);
    for (const [name, g] of Object.entries(run.growth))
      console.log(
        `${kind} ${name}: ${g.factor.toFixed(2)}x ${g.pass && g.indexOnly ? 'PASS' : 'FAIL'}`,
      );
    runs.push(run);
  }
  mkdirSync('docs/bench-results', { recursive: true });
  writeFileSync(
    'docs/bench-results/growth.json',
    `${JSON.stringify({ at: new Date().toISOString(), target: TARGET_GROWTH, iterations: ITERATIONS, sizes, runs }, null, 2)}\n`,
  );
  console.log('Wrote docs/bench-results/growth.json');
  if (!runs.every((r) => r.pass)) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
