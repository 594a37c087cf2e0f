import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Another process holds the data folder: this one must not open the database in it. */
export class DataDirInUseError extends Error {}

interface Holder {
  pid: number;
  startedAt: string;
  /** Linux: the holder's start time in clock ticks since boot (/proc/{pid}/stat), to tell a reused pid apart. */
  processStart?: string;
}

const LOCK_FILE = 'cbm.lock';
/** A lock file without a readable holder is being written right now, unless it is older than this. */
const HALF_WRITTEN_MS = 5000;

function processStart(pid: number): string | undefined {
  try {
    // Fields after "pid (comm) ": state is field 3, starttime field 22.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(holder: Holder): boolean {
  // Our own pid in the file is a previous life of ours (a container's pid 1 after a crash).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStart(holder.pid);
  return !holder.processStart || !start || start === holder.processStart;
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** True when the lock at `file` belongs to a live process (or is being written by one). */
function heldByAnother(file: string): Holder | 'unknown' | undefined {
  const holder = readHolder(file);
  if (holder) return isRunning(holder) ? holder : undefined;
  const age = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  return age < HALF_WRITTEN_MS ? 'unknown' : undefined;
}

/**
 * Takes `{dataDir}/cbm.lock` for this process's lifetime: the pid (and, on Linux, its start time) of the
 * holder. A second process finds the holder alive and refuses with DataDirInUseError before it touches
 * the folder's database; the lock of a process that died (SIGKILL, power loss) is taken over, since its
 * pid no longer runs (decision 022). Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, startedAt: new Date().toISOString(), processStart: processStart(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        if (readHolder(file)?.startedAt === me.startedAt) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = heldByAnother(file);
    if (holder) {
      const who = holder === 'unknown' ? 'another process' : `process ${holder.pid} (since ${holder.startedAt})`;
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by ${who}: stop that CBM server (or CLI) first, or give this one another DATA_DIR. The database was not opened.`,
      );
    }
    unlinkSync(file);
  }
  throw new DataDirInUseError(`DATA_DIR ${dataDir}: could not take ${LOCK_FILE}; another process keeps taking it.`);
}
