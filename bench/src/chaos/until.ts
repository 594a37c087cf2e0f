import { setTimeout as delay } from 'node:timers/promises';

/**
 * Polls `done` every `everyMs` until it holds or `seconds` have passed; answers whether it held. A row that waits
 * for its counts never waits for ever: past its deadline it reports what it has (lost, or a failed row).
 */
export async function until(done: () => Promise<boolean> | boolean, seconds: number, everyMs = 250): Promise<boolean> {
  const deadline = performance.now() + seconds * 1000;
  for (;;) {
    if (await done()) return true;
    if (performance.now() > deadline) return false;
    await delay(everyMs);
  }
}
