import { rm } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { SERVER_ENV } from './server-env';

const STOP_TIMEOUT_MS = 10_000;

/** Stops the test server (SIGTERM, SIGKILL if it hangs) and removes its temporary data directory. */
export default async function globalTeardown() {
  const pid = Number(process.env[SERVER_ENV.pid]);
  if (pid > 0) await stop(pid);
  const tempDir = process.env[SERVER_ENV.tempDir];
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
}

async function stop(pid: number) {
  if (!signal(pid, 'SIGTERM')) return;
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  // The server is not our child here (setup and teardown may not share a handle): poll until it is gone.
  while (Date.now() < deadline) {
    if (!signal(pid, 0)) return;
    await delay(50);
  }
  signal(pid, 'SIGKILL');
}

/** Sends a signal; false when the process no longer exists. */
function signal(pid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}
