import type { CredentialChange } from './device-registry-service';

const RETRY_MS = 5_000;

/** Where a failed change is told (the server's log; the CLI's stderr). */
export interface SyncLog {
  error(fields: { err?: unknown; username?: string }, message: string): void;
}

/**
 * Hands every credential change to an external broker (`send`: Mosquitto's dynamic security, decision 132;
 * RabbitMQ's management API, decision 138) and waits for it. A change the broker did not take is logged, counted
 * and tried again every few seconds (and on `retry`) until it is taken, unless a later change of the same user came
 * first. Retries live in memory: the secret is stored nowhere else.
 */
export class BrokerUserSync {
  failures = 0;
  /** The newest change per user not yet acknowledged; `pending` holds those that failed. */
  private readonly latest = new Map<string, CredentialChange>();
  private readonly pending = new Map<string, CredentialChange>();
  private readonly timer: NodeJS.Timeout;
  private retrying = false;

  constructor(
    private readonly send: (change: CredentialChange) => Promise<void>,
    private readonly log: SyncLog,
    retryMs = RETRY_MS,
  ) {
    this.timer = setInterval(() => void this.retry(), retryMs);
    this.timer.unref();
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
  }

  /** Sends the failed changes again (one pass at a time). */
  async retry() {
    if (this.retrying || this.pending.size === 0) return;
    this.retrying = true;
    try {
      for (const change of [...this.pending.values()]) await this.attempt(change);
    } finally {
      this.retrying = false;
    }
  }

  private async attempt(change: CredentialChange) {
    const current = () => this.latest.get(change.username) === change;
    try {
      await this.send(change);
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
}
