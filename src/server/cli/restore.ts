// `npm run restore -- <file.tar.gz> [--force]`: puts a backup from `npm run backup` back as the
// embedded database in DATA_DIR, then opens it to check it. Never while a server holds DATA_DIR
// (a restore replaces the database under it). DATA_DIR must be empty or absent; --force moves a
// non-empty one aside to DATA_DIR.bak-<time> first, and puts it back if the restore fails.
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '#server/db/connect';
import { acquireDataDirLock, dataDirLockHolder } from '#server/db/data-dir-lock';
import { PG_BACKUP_RECIPE } from '#server/operator/backup-command';
import { consoleIo } from '#server/operator/command';
import { isMain, loadCliConfig, pgliteFolder, type RunOptions } from './operator.ts';

const usage = `Usage: npm run restore -- <file.tar.gz> [--force]
  Restores a backup made by npm run backup into DATA_DIR (stop the server first).
  DATA_DIR must be empty or absent; --force moves a non-empty one aside to DATA_DIR.bak-<time>.`;

/** The file names in a tar archive (ustar headers; enough to recognise a data folder). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  const text = (start: number, end: number) =>
    tar.subarray(start, end).toString('utf8').replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const name = text(offset, offset + 100);
    if (!name) break;
    const size = Number.parseInt(text(offset + 124, offset + 136).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) break;
    const prefix =
      tar.subarray(offset + 257, offset + 262).toString() === 'ustar'
        ? text(offset + 345, offset + 500)
        : '';
    names.push(prefix ? `${prefix}/${name}` : name);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

/** Why the bytes are not a PGlite data folder backup, or null if they are one. */
export function backupProblem(bytes: Buffer): string | null {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b)
    return 'it is not gzip-compressed';
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    return 'it is damaged (it does not decompress)';
  }
  // Entries sit at the archive's top level or under one folder (the data folder's name).
  const relative = new Set(
    tarNames(tar).map((n) =>
      n.replace(/^\.?\/+/, '').replace(/^[^/]+\/(?=(PG_VERSION|global\/))/, ''),
    ),
  );
  if (!relative.has('PG_VERSION') || !relative.has('global/pg_control'))
    return 'it holds no PostgreSQL data folder';
  return null;
}

function timestamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/:/g, '')
    .replace('T', '-');
}

async function verify(database: Database): Promise<string> {
  const [counts] = await queryRows<Record<string, unknown>>(
    database.db,
    sql`select
          (select count(*) from users)::int as users,
          (select count(*) from puns)::int as puns,
          (select count(*) from reactions)::int as reactions,
          (select count(*) from friendships)::int as friendships,
          (select count(*) from drizzle.__drizzle_migrations)::int as migrations`,
  );
  const c = counts ?? {};
  return `${c.users} users, ${c.puns} puns, ${c.reactions} reactions, ${c.friendships} friendships (${c.migrations} migrations applied)`;
}

export async function runRestoreCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  options: RunOptions = {},
): Promise<number> {
  const io = options.io ?? consoleIo;
  let file: string | undefined;
  let force = false;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { force: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    if (positionals.length !== 1) throw new Error('Give the backup file to restore.');
    file = path.resolve(options.cwd ?? env.INIT_CWD ?? process.cwd(), positionals[0] ?? '');
    force = values.force;
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${usage}`);
    return 2;
  }
  const config = loadCliConfig(env, io);
  if (typeof config === 'number') return config;
  if (config.databaseUrl) {
    io.err(PG_BACKUP_RECIPE);
    return 2;
  }
  const { dataDir } = config;

  if (!existsSync(file)) {
    io.err(`There is no backup file at ${file}.`);
    return 1;
  }
  const bytes = await readFile(file);
  const problem = backupProblem(bytes);
  if (problem) {
    io.err(`${file} is not a Punday backup: ${problem}. Make one with npm run backup.`);
    return 1;
  }

  const pid = dataDirLockHolder(dataDir);
  if (pid !== null) {
    io.err(
      `A Punday server (pid ${pid}) is using ${dataDir}. Stop the server first, then run the restore again.`,
    );
    return 1;
  }
  const existing = existsSync(dataDir)
    ? readdirSync(dataDir).filter((n) => n !== 'punday.pid')
    : [];
  let movedTo: string | undefined;
  if (existing.length > 0) {
    if (!force) {
      io.err(
        `${dataDir} (DATA_DIR) is not empty. A restore needs an empty data folder: add --force to ` +
          `move this one aside to ${dataDir}.bak-<time> first, or point DATA_DIR at a new folder.`,
      );
      return 1;
    }
    movedTo = `${dataDir}.bak-${timestamp()}`;
    await rename(dataDir, movedTo);
    // The crashed server's lock file (its pid is gone) must not follow the old data around.
    await rm(path.join(movedTo, 'punday.pid'), { force: true });
  }

  const putBack = async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (movedTo) await rename(movedTo, dataDir);
  };
  let release: () => void;
  try {
    release = await acquireDataDirLock(dataDir);
  } catch (err) {
    io.err(`${(err as Error).message}\nNothing was restored.`);
    if (movedTo) io.err(`The previous data folder is at ${movedTo}.`);
    return 1;
  }
  let summary: string;
  try {
    const database = await openDatabase({
      dataDir: pgliteFolder(dataDir),
      loadDataDir: new Blob([bytes]),
      migrate: false,
    });
    try {
      summary = await verify(database);
    } finally {
      await database.close();
    }
  } catch (err) {
    release();
    await putBack();
    io.err(
      `Could not restore ${file}: ${(err as Error).message}\n` +
        (movedTo ? `${dataDir} is back as it was.` : 'Nothing was restored.'),
    );
    return 1;
  }
  release();
  io.out(
    `Restored ${file} into ${dataDir}: ${summary}.` +
      (movedTo ? `\nThe previous data folder is now ${movedTo}.` : '') +
      '\nStart the server (npm start); it applies any newer migrations itself.',
  );
  return 0;
}

if (isMain(import.meta.filename)) {
  process.exitCode = await runRestoreCli(process.argv.slice(2));
}
