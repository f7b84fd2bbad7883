import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, dataDirLockHolder, processStartTime } from './data-dir-lock.ts';

const folders: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'punday-lock-'));
  folders.push(folder);
  return folder;
}

/** Another live process (not this one), as a stand-in for a server or for an unrelated program. */
function otherProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  if (!child.pid) throw new Error('could not start a process');
  return child.pid;
}

const onLinux = processStartTime(process.pid) !== null;

describe('the data folder lock', () => {
  it('refuses a second holder while the first lives, and frees the folder on release', async () => {
    const dataDir = tempFolder();
    const pid = otherProcess();
    writeFileSync(
      path.join(dataDir, 'punday.pid'),
      [pid, processStartTime(pid)].filter(Boolean).join(' '),
    );
    expect(dataDirLockHolder(dataDir)).toBe(pid);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`Another Punday server (pid ${pid})`);

    rmSync(path.join(dataDir, 'punday.pid'));
    const release = await acquireDataDirLock(dataDir);
    expect(readFileSync(path.join(dataDir, 'punday.pid'), 'utf8').split(' ')[0]).toBe(
      String(process.pid),
    );
    release();
    expect(dataDirLockHolder(dataDir)).toBeNull();
  });

  it("takes over a crashed server's lock whose pid is gone", async () => {
    const dataDir = tempFolder();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    const pid = child.pid ?? 0;
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(path.join(dataDir, 'punday.pid'), `${pid} 1`);
    expect(dataDirLockHolder(dataDir)).toBeNull();
    (await acquireDataDirLock(dataDir))();
  });

  // Start times come from /proc: declared only where there is one (Linux, as in CI).
  if (onLinux) {
    it('takes over a lock whose pid was reused by a process that started later', async () => {
      const dataDir = tempFolder();
      const pid = otherProcess();
      // The lock names this live pid, but with a start time that is not the running process's.
      const started = Number(processStartTime(pid));
      writeFileSync(path.join(dataDir, 'punday.pid'), `${pid} ${started - 1}`);
      expect(dataDirLockHolder(dataDir)).toBeNull();
      const release = await acquireDataDirLock(dataDir);
      release();
    });
  }
});
