import type { FastifyBaseLogger } from 'fastify';
import type { BrokerCredentials, ChangedCredential } from '../device-registry/broker-credentials';

const POLL_MS = 2_000;

/**
 * Hears credentials changed by another process (the CLI, another replica): every couple of seconds the credentials
 * changed since the last look are handed to `onChanged`. Changes made through this server's API arrive at once.
 */
export async function watchCredentialChanges(
  registry: Pick<BrokerCredentials, 'changedSince' | 'latestChange'>,
  onChanged: (change: ChangedCredential) => Promise<void>,
  log: FastifyBaseLogger,
  pollMs = POLL_MS,
): Promise<() => void> {
  let cursor = await registry.latestChange();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    registry
      .changedSince(cursor)
      .then(async ({ changes, latest }) => {
        cursor = latest;
        for (const change of changes) await onChanged(change);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'Could not read device credential changes'))
      .finally(() => {
        running = false;
      });
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
