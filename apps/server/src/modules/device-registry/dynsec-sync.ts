import { BrokerUserSync, type SyncLog } from './broker-user-sync';
import type { CredentialChange } from './device-registry-service';
import { type DynsecClient, type DynsecResponse, dynsecClient } from './dynsec-client';
import { createUser, type DynsecRole, deviceRole, disableUser, replaceUser } from './dynsec-commands';

/** Throws on an error answer other than the harmless ones. */
export function check(responses: DynsecResponse[], harmless: string[]): void {
  const wrong = responses.find((response) => response.error && !harmless.includes(response.error));
  if (wrong) throw new Error(`${wrong.command}: ${wrong.error}`);
}

/** Creates the user with its role, or gives the user there already the new password and role, let in again. */
export async function upsertUser(client: DynsecClient, username: string, password: string, role: DynsecRole) {
  const created = await client.run(createUser(username, password, role));
  if (created.some((response) => response.error === 'Client already exists')) {
    return check(await client.run(replaceUser(username, password, role)), []);
  }
  check(created, ['Role already exists']);
}

/** Disables the user (closing its connections); one the broker never had cannot connect anyway. */
export async function disableBrokerUser(client: DynsecClient, username: string) {
  check(await client.run(disableUser(username)), ['Client not found']);
}

const applyChange = (client: DynsecClient, change: CredentialChange) =>
  change.secret === null
    ? disableBrokerUser(client, change.username)
    : upsertUser(client, change.username, change.secret, deviceRole(change));

/**
 * Keeps Mosquitto's dynamic-security users in step with the registry as it changes (decision 132): a registration
 * or rotation creates or replaces the user with the new secret, a revocation disables it. A change the broker did
 * not take is retried (BrokerUserSync), also as soon as the admin's connection is back. After a restart,
 * `devices broker-sync --dynsec` finds what is missing.
 */
export class DynsecSync extends BrokerUserSync {
  constructor(
    private readonly client: DynsecClient,
    log: SyncLog,
    retryMs?: number,
  ) {
    super((change) => applyChange(client, change), log, retryMs);
    client.onReconnect(() => void this.retry());
  }

  override async close() {
    await super.close();
    await this.client.close();
  }
}

/** The admin's connection and its sync; the start goes on without the broker (each change fails, is counted, retried). */
export async function startDynsecSync(url: string, clientId: string, log: SyncLog): Promise<DynsecSync> {
  const client = dynsecClient(url, `${clientId}-dynsec`);
  if (!(await client.ready()))
    log.error({}, 'The dynamic-security admin (MQTT_DYNSEC_URL) cannot reach the broker yet');
  return new DynsecSync(client, log);
}
