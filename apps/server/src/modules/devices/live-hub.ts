import type { LiveAlert } from '@cbm/contracts/alerts';
import type { LiveBattery, LiveMdload } from '@cbm/contracts/live-stream';
import type { BatteryState } from './battery-state';
import type { BatchOutcome } from './device-store';

export type LiveUpdate =
  | { event: 'battery'; data: LiveBattery }
  | { event: 'mdload'; data: LiveMdload }
  | { event: 'alert'; data: LiveAlert };
type Subscriber = (update: LiveUpdate) => void;

interface SiteChanges {
  batteries: Map<string, LiveBattery>;
  mdloads: Map<string, LiveMdload>;
}

export function toLiveBattery(state: BatteryState): LiveBattery {
  return {
    batterySerialNumber: state.serialNumber,
    status: state.status,
    online: state.online,
    ...state.measurements,
    lastDataTimestamp: state.lastDataTimestamp?.toISOString() ?? null,
    currentErrorCode: state.activeErrorCodes.at(-1) ?? null,
    lastErrorAt: state.lastErrorAt?.toISOString() ?? null,
  };
}

/**
 * Committed changes → subscribers of the site. Changes are coalesced per device: a subscriber gets
 * at most one update per device every `intervalMs`, and the first soon after a quiet spell.
 */
export class LiveHub {
  private readonly subscribers = new Map<number, Set<Subscriber>>();
  private readonly pending = new Map<number, SiteChanges>();
  private timer: NodeJS.Timeout | undefined;
  private lastFlush = 0;

  constructor(private readonly intervalMs = 250) {}

  subscribe(siteId: number, subscriber: Subscriber): () => void {
    const subscribers = this.subscribers.get(siteId) ?? new Set();
    subscribers.add(subscriber);
    this.subscribers.set(siteId, subscribers);
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0) this.subscribers.delete(siteId);
    };
  }

  publish(outcome: Pick<BatchOutcome, 'batteries' | 'mdloads'>): void {
    for (const state of outcome.batteries) {
      this.changesOf(state.operatingSiteId)?.batteries.set(state.serialNumber, toLiveBattery(state));
    }
    for (const { operatingSiteId, mdload } of outcome.mdloads) {
      this.changesOf(operatingSiteId)?.mdloads.set(mdload.mdLoadSerial, mdload);
    }
    if (this.pending.size > 0 && !this.timer) {
      this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastFlush + this.intervalMs - Date.now()));
    }
  }

  /** Fired alerts go out at once, each on its own (they are not states to coalesce). */
  publishAlerts(siteId: number, alerts: readonly LiveAlert[]): void {
    for (const subscriber of this.subscribers.get(siteId) ?? []) {
      for (const data of alerts) subscriber({ event: 'alert', data });
    }
  }

  close(): void {
    clearTimeout(this.timer);
    this.subscribers.clear();
  }

  /** Only sites someone watches collect changes. */
  private changesOf(siteId: number): SiteChanges | undefined {
    if (!this.subscribers.has(siteId)) return undefined;
    let changes = this.pending.get(siteId);
    if (!changes) {
      changes = { batteries: new Map(), mdloads: new Map() };
      this.pending.set(siteId, changes);
    }
    return changes;
  }

  private flush(): void {
    this.timer = undefined;
    this.lastFlush = Date.now();
    const pending = [...this.pending];
    this.pending.clear();
    for (const [siteId, changes] of pending) {
      for (const subscriber of this.subscribers.get(siteId) ?? []) {
        for (const data of changes.batteries.values()) subscriber({ event: 'battery', data });
        for (const data of changes.mdloads.values()) subscriber({ event: 'mdload', data });
      }
    }
  }
}
