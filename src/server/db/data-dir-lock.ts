// PGlite is one process's database: a second server on the same data folder would corrupt it.
// A lock file holding our pid refuses that with a clear message. A stale lock from a crash is
// taken over: its pid is gone, or (on Linux) the pid now belongs to a process that started at
// another moment, as happens when a container restarts and pids are handed out again.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'punday.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or null
 * where there is no /proc. Together with the pid it names one process for the machine's uptime.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

interface LockOwner {
  pid: number;
  /** Absent in lock files written before start times were recorded, or without /proc. */
  startTime: string | null;
}

function readLock(file: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const [pidText, startTime] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, startTime: startTime || null };
}

/** True when the lock's process is still the one that wrote it. */
function holds(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (owner.startTime === null) return true;
  const now = processStartTime(owner.pid);
  // Without /proc the start time cannot be compared: a live pid is taken to be the holder.
  return now === null || now === owner.startTime;
}

/** The pid of the live process holding the data folder's lock, or null if none does. */
export function dataDirLockHolder(dataDir: string): number | null {
  const owner = readLock(path.join(dataDir, LOCK_FILE));
  return owner && holds(owner) ? owner.pid : null;
}

export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const startTime = processStartTime(process.pid);
  const content = startTime ? `${process.pid} ${startTime}` : String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readLock(file);
      if (owner && holds(owner)) {
        throw new Error(
          `Another Punday server (pid ${owner.pid}) is using ${dataDir}. The embedded database serves one process; ` +
            'stop it, use another DATA_DIR, or set DATABASE_URL to run several instances on PostgreSQL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
