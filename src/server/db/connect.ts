// Opens the database: PGlite in the data folder by default, PostgreSQL when a URL is given.
// Both get the same drizzle schema and the same migrations.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

// Any constant works; it only has to be the same for every Punday instance.
const MIGRATION_LOCK_ID = 7_261_901;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The raw client: the PGlite instance or the pg Pool (for LISTEN/NOTIFY and COPY). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The PostgreSQL URL (for connections of their own, such as LISTEN). */
  url?: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; ignored with a database URL. Omit for an in-memory PGlite. */
  dataDir?: string | undefined;
  /** A dump from PGlite's dumpDataDir, used by tests to start from a migrated template. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.dataDir, options.loadDataDir);
  if (options.migrate !== false) {
    try {
      await migrateDatabase(database, options.databaseUrl);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  return database;
}

async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  if (dataDir) {
    try {
      await requireSynchronousCommit(client);
    } catch (err) {
      await client.close();
      throw err;
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

// Crash safety rests on it (docs/crash-safety.md): with synchronous_commit on, a commit's WAL is
// written before the server answers, so a killed process loses nothing it acknowledged. A data
// folder where someone ran ALTER SYSTEM SET synchronous_commit = off would quietly lose writes.
export const SYNCHRONOUS_COMMIT_OFF_MESSAGE =
  'The embedded database in this data folder has synchronous_commit turned off, so acknowledged ' +
  'writes could be lost if the server is killed. Run ALTER SYSTEM RESET synchronous_commit ' +
  '(or remove it from postgresql.auto.conf in the data folder) and start again.';

async function requireSynchronousCommit(client: PGlite): Promise<void> {
  // Only bench/crash.mjs's negative control, which must show the check catching lost writes.
  if (process.env.PUNDAY_UNSAFE_ASYNC_COMMIT === '1') return;
  const { rows } = await client.query<{ synchronous_commit: string }>('show synchronous_commit');
  if (rows[0]?.synchronous_commit === 'off') throw new Error(SYNCHRONOUS_COMMIT_OFF_MESSAGE);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pool,
    url,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function migrateDatabase(database: Database, databaseUrl?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // Several instances may start at once: the advisory lock makes them migrate one at a time.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/** The PostgreSQL error behind a (possibly wrapped) driver error, if there is one. */
export function pgErrorOf(err: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** Runs raw SQL and returns its rows (both drivers answer with a `rows` array). */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A value for LIKE with its wildcards taken literally (append % for a prefix match). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
