/** Why a sign-in was refused before its password was looked at. */
export type ThrottleReason = 'account' | 'address' | 'global';

export interface ThrottleSettings {
  /** Failed sign-ins to one account, from anywhere, before it is locked. */
  accountFailures: number;
  /** Failed sign-ins from one address, to any accounts, before it is locked. */
  addressFailures: number;
  /** The first lock; each further failure doubles it, up to lockoutMaxSeconds. */
  lockoutSeconds: number;
  lockoutMaxSeconds: number;
  /** Failed sign-ins per minute across the server before every sign-in waits for the next minute. */
  failuresPerMinute: number;
}

export interface Refusal {
  reason: ThrottleReason;
  retryAfterSeconds: number;
  /** The first refusal of this lock: worth an audit entry (later ones in the same lock are not). */
  first: boolean;
}

interface Counter {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
  refusalLogged: boolean;
}

const MAX_KEYS = 50_000;

/**
 * Growing lockouts for sign-in (decision 023): failures are counted per account and per client address;
 * past the allowance each further failure locks the key for twice as long as the one before, and a
 * global ceiling caps failures per minute across all keys, so neither rotating addresses nor trying one
 * password across many accounts gets far. A key with no failure for the longest lockout is forgotten.
 * Kept in this process: with several replicas each counts on its own.
 */
export class LoginThrottle {
  private readonly keys = new Map<string, Counter>();
  private minute = { start: 0, failures: 0, refusalLogged: false };

  constructor(
    private readonly settings: ThrottleSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** A refusal when the account, the address or the server is locked now; undefined to go on. */
  check(account: string, address: string): Refusal | undefined {
    const now = this.now();
    const minute = this.currentMinute(now);
    if (minute.failures >= this.settings.failuresPerMinute) {
      const first = !minute.refusalLogged;
      minute.refusalLogged = true;
      return { reason: 'global', retryAfterSeconds: Math.ceil((minute.start + 60_000 - now) / 1000), first };
    }
    for (const [reason, key] of [
      ['account', `account:${account}`],
      ['address', `address:${address}`],
    ] as const) {
      const counter = this.counter(key, now);
      if (counter && counter.lockedUntil > now) {
        const first = !counter.refusalLogged;
        counter.refusalLogged = true;
        return { reason, retryAfterSeconds: Math.ceil((counter.lockedUntil - now) / 1000), first };
      }
    }
    return undefined;
  }

  failed(account: string, address: string): void {
    const now = this.now();
    this.currentMinute(now).failures += 1;
    this.count(`account:${account}`, this.settings.accountFailures, now);
    this.count(`address:${address}`, this.settings.addressFailures, now);
  }

  /** The account's failures are forgiven; the address's are not, or one good account would reset them. */
  succeeded(account: string): void {
    this.keys.delete(`account:${account}`);
  }

  private count(key: string, allowance: number, now: number) {
    const counter = this.counter(key, now) ?? { failures: 0, lastFailure: now, lockedUntil: 0, refusalLogged: false };
    counter.failures += 1;
    counter.lastFailure = now;
    const beyond = counter.failures - allowance;
    if (beyond >= 0) {
      const seconds = Math.min(this.settings.lockoutSeconds * 2 ** beyond, this.settings.lockoutMaxSeconds);
      counter.lockedUntil = now + seconds * 1000;
      counter.refusalLogged = false;
    }
    this.keys.delete(key);
    this.keys.set(key, counter);
    if (this.keys.size > MAX_KEYS) this.keys.delete(this.keys.keys().next().value as string);
  }

  private counter(key: string, now: number): Counter | undefined {
    const counter = this.keys.get(key);
    if (!counter) return undefined;
    const quiet = now - Math.max(counter.lastFailure, counter.lockedUntil);
    if (quiet < this.settings.lockoutMaxSeconds * 1000) return counter;
    this.keys.delete(key);
    return undefined;
  }

  private currentMinute(now: number) {
    if (now - this.minute.start >= 60_000) this.minute = { start: now, failures: 0, refusalLogged: false };
    return this.minute;
  }
}
