import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync } from 'node:fs';
import { mkdtemp, rmdir, statfs } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A tmpfs of a test's own whose size the test sets: a disk that can run full and be enlarged again. */
export interface SmallDisk {
  dir: string;
  /** Bytes in use. */
  used(): Promise<number>;
  /** Sets the size (`mount -o remount,size=…`); smaller than what is in use fails. */
  resize(bytes: number): Promise<void>;
  unmount(): Promise<void>;
}

/** Why a tmpfs cannot be mounted here (not root, or mount refused), or undefined when it can. */
export function smallDiskUnavailable(): string | undefined {
  if (userInfo().uid !== 0) return 'mounting a tmpfs needs root';
  const dir = mkdtempSync(path.join(tmpdir(), 'cbm-disk-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mount -t tmpfs failed: ${String((error as { stderr?: unknown }).stderr ?? error).trim()}`;
  } finally {
    rmdirSync(dir);
  }
}

/** Mounts a tmpfs of `bytes`, owned by `owner` (a user name), in a new temp folder. */
export async function mountSmallDisk(bytes: number, owner: string): Promise<SmallDisk> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cbm-disk-'));
  const { stdout: uid } = await run('id', ['-u', owner]);
  const { stdout: gid } = await run('id', ['-g', owner]);
  const options = `size=${bytes},mode=0700,uid=${uid.trim()},gid=${gid.trim()}`;
  await run('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  return {
    dir,
    async used() {
      const stats = await statfs(dir);
      return (stats.blocks - stats.bfree) * stats.bsize;
    },
    async resize(size) {
      await run('mount', ['-o', `remount,size=${size}`, dir]);
    },
    async unmount() {
      // A lazy unmount as the fallback, so that a process still holding a file cannot leave the mount behind.
      await run('umount', [dir]).catch(() => run('umount', ['-l', dir]));
      await rmdir(dir);
    },
  };
}
