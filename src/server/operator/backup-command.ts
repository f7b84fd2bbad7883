// `npm run backup -- [file] [--force]`: a consistent snapshot of the embedded database as a
// .tar.gz (PGlite's data folder), taken while the server runs. PGlite runs one statement at a time;
// the snapshot also waits for any open transaction to finish and holds the next one back, so it
// holds only committed work. PostgreSQL has pg_dump for this.
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type { CommandIo, OperatorCommand } from './command.ts';

const usage = `Usage: npm run backup -- [file.tar.gz] [--force]
  Writes a snapshot of the embedded database (DATA_DIR) to the file, while the server runs or not.
  Default file: punday-backup-<date>-<time>.tar.gz in the current folder. --force replaces a file.`;

export const PG_BACKUP_RECIPE = `Punday is on PostgreSQL (DATABASE_URL): back it up with PostgreSQL's own tools.
  Back up (consistent while the servers run):
    pg_dump --format=custom --no-owner --file=punday.dump "$DATABASE_URL"
  Restore into an empty database (stop the servers first):
    pg_restore --no-owner --single-transaction --exit-on-error --dbname="$DATABASE_URL" punday.dump
  Then start the servers: they apply any newer migrations themselves.`;

/** A consistent snapshot of a PGlite database, as a gzipped tar of its data folder. */
export async function snapshotPglite(pglite: PGlite): Promise<Blob> {
  // Write the dirty pages out first, so restoring needs little or no WAL replay.
  await pglite.query('CHECKPOINT');
  // dumpDataDir waits for the running statement; holding the transaction lock as well means no
  // transaction is half done while the files are read (PGlite's query() waits on it too).
  return pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
}

export function defaultBackupName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/:/g, '')
    .replace('T', '-');
  return `punday-backup-${stamp}.tar.gz`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function parse(
  argv: string[],
  io: CommandIo,
): { file: string | undefined; force: boolean } | number {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { force: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    if (positionals.length > 1) throw new Error('Give one file name.');
    return { file: positionals[0], force: values.force };
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${usage}`);
    return 2;
  }
}

export const backupCommand: OperatorCommand = {
  needsExistingData: true,
  migrate: false,
  onPostgres(io) {
    io.err(PG_BACKUP_RECIPE);
    return 2;
  },
  prepare(argv, io, cwd) {
    const parsed = parse(argv, io);
    if (typeof parsed === 'number') return parsed;
    // The server writes the file: give it the absolute path the operator meant.
    const file = path.resolve(cwd, parsed.file ?? defaultBackupName());
    if (existsSync(file) && !parsed.force) {
      io.err(`${file} already exists. Choose another name, or add --force to replace it.`);
      return 1;
    }
    return [file, ...(parsed.force ? ['--force'] : [])];
  },
  async run(argv, ctx) {
    const parsed = parse(argv, ctx.io);
    if (typeof parsed === 'number') return parsed;
    const { pglite } = ctx.database;
    if (!pglite) {
      ctx.io.err(PG_BACKUP_RECIPE);
      return 2;
    }
    if (!parsed.file || !path.isAbsolute(parsed.file)) {
      ctx.io.err('The backup file must be an absolute path.');
      return 2;
    }
    const file = parsed.file;
    const folder = path.dirname(file);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      ctx.io.err(`The folder ${folder} does not exist. Create it first, or choose another file.`);
      return 1;
    }
    if (existsSync(file) && !parsed.force) {
      ctx.io.err(`${file} already exists. Choose another name, or add --force to replace it.`);
      return 1;
    }

    const started = Date.now();
    const snapshot = await snapshotPglite(pglite);
    const bytes = Buffer.from(await snapshot.arrayBuffer());
    // Written beside the target and renamed: a reader never sees half a backup. Owner-only: it
    // holds password hashes and sessions.
    const partial = path.join(
      folder,
      `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`,
    );
    try {
      await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      ctx.io.err(`Could not write ${file}: ${(err as Error).message}`);
      return 1;
    }
    const how =
      ctx.runner === 'server'
        ? `taken by the running server (pid ${process.pid}) without stopping it`
        : 'taken directly (no server was running)';
    ctx.io.out(
      `Backup written to ${file} (${formatBytes(bytes.length)}, ${Date.now() - started} ms), ${how}.\n` +
        `Restore it with: npm run restore -- ${file}`,
    );
    return 0;
  },
};
