// Once per test run: a migrated PGlite template (dumped to a file) and, when TEST_DATABASE_URL is
// set, a migrated PostgreSQL template database. Each test then starts from a copy in well under
// a second instead of migrating again. Everything this run created is dropped at the end.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connect.ts';
import { withDatabase } from './pg-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    pgTemplateDatabase: string | null;
    testRunId: string;
  }
}

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'punday-test-'));

  const template = await openDatabase({});
  const dump = await template.pglite?.dumpDataDir('none');
  await template.close();
  if (!dump) throw new Error('PGlite template dump failed');
  const templatePath = path.join(dir, 'pglite-template.tar');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));

  const adminUrl = process.env.TEST_DATABASE_URL;
  let pgTemplate: string | null = null;
  if (adminUrl) {
    pgTemplate = `punday_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${pgTemplate}`);
    await admin.end();
    const db = await openDatabase({ databaseUrl: withDatabase(adminUrl, pgTemplate) });
    await db.close();
  }

  project.provide('pgliteTemplatePath', templatePath);
  project.provide('pgTemplateDatabase', pgTemplate);
  project.provide('testRunId', runId);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`punday\\_%\\_${runId}%`],
      );
      for (const { datname } of rows)
        await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.query(`drop database if exists ${pgTemplate} with (force)`);
      await admin.end();
    }
  };
}
