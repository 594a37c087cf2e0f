import type { SessionUser } from './session-repository';

const MAX_ENTRIES = 10_000;

/**
 * Who holds a session token, remembered for a few seconds so that a burst of requests (a page load, the live
 * view) costs one lookup. Sign-out removes the entry at once in this process; in other replicas, and after a
 * user's features change, the old answer lives at most `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser | undefined; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): SessionUser | undefined | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.until > this.now()) return entry.user;
    this.entries.delete(token);
    return null;
  }

  set(token: string, user: SessionUser | undefined) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { user, until: this.now() + this.ttlMs });
  }

  delete(token: string) {
    this.entries.delete(token);
  }

  /** Forgets every session of the user (disabled, or all sessions ended). */
  deleteUser(userId: number) {
    for (const [token, entry] of this.entries) if (entry.user?.id === userId) this.entries.delete(token);
  }
}
