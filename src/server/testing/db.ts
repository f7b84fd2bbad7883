// Test databases: every data-layer test runs on PGlite and, when TEST_DATABASE_URL is set, on
// PostgreSQL too, each on a fresh database copied from the run's migrated template.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { type Database, openDatabase } from '../db/connect.ts';
import { withDatabase } from './pg-url.ts';

export type DbKind = 'pglite' | 'postgres';

export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database (undefined for PGlite). */
  url?: string;
  /** Closes the connections and drops the database. */
  destroy(): Promise<void>;
}

let templateBlob: Promise<Blob> | undefined;

export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    templateBlob ??= readFile(inject('pgliteTemplatePath')).then((b) => new Blob([b]));
    const database = await openDatabase({ loadDataDir: await templateBlob, migrate: false });
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplateDatabase');
  if (!adminUrl || !template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `punday_t_${inject('testRunId')}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 20 });
  return {
    ...database,
    url,
    async destroy() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  // Two workers copying the same template at once can collide; a short retry settles it.
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
      return;
    } catch (err) {
      if (attempt >= 5 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    } finally {
      await client.end();
    }
  }
}

/** Declares the suite once per database kind, with the kind in its name. */
export function describeEachDb(name: string, suite: (kind: DbKind) => void): void {
  for (const kind of dbKinds) describe(`${name} [${kind}]`, () => suite(kind));
}
