import type { CredentialChange } from './device-registry-service';
import { type DynsecClient, type DynsecResponse, dynsecClient } from './dynsec-client';
import { createUser, type DynsecRole, deviceRole, disableUser, replaceUser } from './dynsec-commands';

const RETRY_MS = 5_000;

/** Where a failed change is told (the server's log; the CLI's stderr). */
export interface SyncLog {
  error(fields: { err?: unknown; username?: string }, message: string): void;
}

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
 * not acknowledge is logged, counted and tried again when the admin's connection is back and every few seconds until
 * it is taken, unless a later change of the same user came first. Retries live in memory (the secret is stored nowhere else): after a restart,
 * `devices broker-sync --dynsec` finds what is missing.
 */
export class DynsecSync {
  failures = 0;
  /** The newest change per user not yet acknowledged; `pending` holds those that failed. */
  private readonly latest = new Map<string, CredentialChange>();
  private readonly pending = new Map<string, CredentialChange>();
  private readonly timer: NodeJS.Timeout;
  private retrying = false;

  constructor(
    private readonly client: DynsecClient,
    private readonly log: SyncLog,
    retryMs = RETRY_MS,
  ) {
    this.timer = setInterval(() => void this.retry(), retryMs);
    this.timer.unref();
    client.onReconnect(() => void this.retry());
  }

  /** Sends the change and waits for the broker's answer; never throws (a failure is kept for the retries). */
  async apply(change: CredentialChange): Promise<void> {
    this.latest.set(change.username, change);
    this.pending.delete(change.username);
    await this.attempt(change);
  }

  metrics() {
    return { failures: this.failures, pending: this.pending.size };
  }

  async close() {
    clearInterval(this.timer);
    await this.client.close();
  }

  private async attempt(change: CredentialChange) {
    const current = () => this.latest.get(change.username) === change;
    try {
      await applyChange(this.client, change);
      if (!current()) return;
      this.latest.delete(change.username);
      this.pending.delete(change.username);
    } catch (error) {
      this.failures++;
      const action = change.secret === null ? 'revocation' : 'new secret';
      this.log.error({ err: error, username: change.username }, `The broker did not take the ${action}; retrying`);
      if (current()) this.pending.set(change.username, change);
    }
  }

  private async retry() {
    if (this.retrying || this.pending.size === 0) return;
    this.retrying = true;
    try {
      for (const change of [...this.pending.values()]) await this.attempt(change);
    } finally {
      this.retrying = false;
    }
  }
}

/** The admin's connection and its sync; the start goes on without the broker (each change fails, is counted, retried). */
export async function startDynsecSync(url: string, clientId: string, log: SyncLog): Promise<DynsecSync> {
  const client = dynsecClient(url, `${clientId}-dynsec`);
  if (!(await client.ready()))
    log.error({}, 'The dynamic-security admin (MQTT_DYNSEC_URL) cannot reach the broker yet');
  return new DynsecSync(client, log);
}
