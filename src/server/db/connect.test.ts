import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, SYNCHRONOUS_COMMIT_OFF_MESSAGE } from './connect.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'punday-connect-'));
  folders.push(folder);
  return folder;
}

describe('opening the embedded database', () => {
  it('refuses a data folder with synchronous_commit off, and opens it once reset', async () => {
    const dataDir = tempFolder();
    const raw = await PGlite.create({ dataDir });
    await raw.exec('alter system set synchronous_commit = off');
    await raw.close();

    await expect(openDatabase({ dataDir, migrate: false })).rejects.toThrow(
      SYNCHRONOUS_COMMIT_OFF_MESSAGE,
    );

    // The folder is not damaged by the refusal: reset the setting as the message says, and it opens.
    const again = await PGlite.create({ dataDir });
    await again.exec('alter system reset synchronous_commit');
    await again.close();
    const database = await openDatabase({ dataDir, migrate: false });
    await database.ping();
    await database.close();
  });

  it('opens a fresh data folder with synchronous_commit on', async () => {
    const database = await openDatabase({ dataDir: tempFolder(), migrate: false });
    const rows = await database.pglite?.query<{ synchronous_commit: string }>(
      'show synchronous_commit',
    );
    expect(rows?.rows[0]?.synchronous_commit).toBe('on');
    await database.close();
  });
});
