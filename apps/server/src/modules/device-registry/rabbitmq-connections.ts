import { BrokerUserSync, type SyncLog } from './broker-user-sync';
import type { CredentialChange } from './device-registry-service';

const ANSWER_MS = 5_000;
/** What RabbitMQ logs as the reason a device's connection was closed. */
export const CLOSE_REASON = 'CBM: the device credentials were revoked or rotated';

/** The management API's base (without credentials, no trailing slash) and its Basic authorization. */
function managementApi(url: string) {
  const parsed = new URL(url);
  const user = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  return {
    base: `${parsed.origin}${parsed.pathname.replace(/\/$/, '')}`,
    authorization: `Basic ${Buffer.from(user).toString('base64')}`,
  };
}

/**
 * Closes every connection of `username` on the whole cluster (decision 138): `DELETE /api/connections/username/{user}`
 * (RabbitMQ 3.10 looks the user's connections up on every running node) at the first node of `urls` that answers.
 * Throws, naming each node's failure, when none did.
 */
export async function closeUserConnections(urls: string[], username: string, answerMs = ANSWER_MS): Promise<void> {
  const failures: string[] = [];
  for (const url of urls) {
    const { base, authorization } = managementApi(url);
    try {
      const response = await fetch(`${base}/api/connections/username/${encodeURIComponent(username)}`, {
        method: 'DELETE',
        headers: { authorization, 'x-reason': CLOSE_REASON },
        signal: AbortSignal.timeout(answerMs),
      });
      if (response.ok) return;
      failures.push(`${base}: HTTP ${response.status}`);
    } catch (error) {
      failures.push(`${base}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error(`No RabbitMQ management API closed the connections (${failures.join('; ')})`);
}

/**
 * Closes a device's connections on the RabbitMQ tier when its credentials are rotated or revoked: its next connect
 * is checked against the registry (decision 090). A first registration has nothing to close. Failures are counted
 * and retried (BrokerUserSync).
 */
export function rabbitConnectionSync(urls: string[], log: SyncLog, retryMs?: number): BrokerUserSync {
  const close = async (change: CredentialChange) => {
    if (!change.registered) await closeUserConnections(urls, change.username);
  };
  return new BrokerUserSync(close, log, retryMs);
}
