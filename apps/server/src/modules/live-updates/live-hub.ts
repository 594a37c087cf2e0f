import { type LiveAlert, liveAlertSchema } from '@cbm/contracts/alerts';
import { batteryHealthKey, stationState } from '@cbm/contracts/fleet-health';
import {
  type LiveAlarmChange,
  type LiveBattery,
  type LiveMdload,
  liveAlarmChangeSchema,
  liveBatterySchema,
  liveMdloadSchema,
} from '@cbm/contracts/live-stream';
import { z } from 'zod';
import type { BatteryState } from '../device-ingestion/battery-state';
import type { BatchOutcome } from '../device-ingestion/device-store';

/** A device's change; `healthChanged` when what the overview counts of it changed since the hub's last one. */
export type LiveUpdate =
  | { event: 'battery'; data: LiveBattery; healthChanged: boolean }
  | { event: 'mdload'; data: LiveMdload; healthChanged: boolean }
  | { event: 'alert'; data: LiveAlert }
  | { event: 'alarm'; data: LiveAlarmChange };
type Subscriber = (update: LiveUpdate) => void;

/** What changed at one site: what the hub hands its watchers, and what replicas relay to each other. */
export const liveChangesSchema = z.object({
  siteId: z.number().int(),
  batteries: z.array(liveBatterySchema),
  mdloads: z.array(liveMdloadSchema),
  alerts: z.array(liveAlertSchema),
  // A replica of the previous version relays no alarm changes.
  alarms: z.array(liveAlarmChangeSchema).default([]),
});
export type LiveChanges = z.infer<typeof liveChangesSchema>;

/** How changes reach the hubs of every replica (docs/operations.md › Several replicas). */
export interface LiveRelay {
  /** Hands this replica's changes to the others (its own hub has them already). */
  send(changes: LiveChanges): void;
  /** From now on, brings this hub the site's changes of the other replicas; settles once the broker confirmed it. Never rejects. */
  watch(siteId: number): Promise<void>;
  /** Stops them (changes already on their way may still come: the hub drops them). Never rejects. */
  unwatch(siteId: number): Promise<void>;
}

interface SiteChanges {
  batteries: Map<string, LiveBattery>;
  mdloads: Map<string, LiveMdload>;
}

export function toLiveBattery(state: BatteryState): LiveBattery {
  const { measurements } = state;
  // Fields named, not spread: one hidden class for every update (decision 069).
  return {
    batterySerialNumber: state.serialNumber,
    status: state.status,
    online: state.online,
    soc: measurements.soc,
    soh: measurements.soh,
    stackVoltage: measurements.stackVoltage,
    current: measurements.current,
    minCellTemperature: measurements.minCellTemperature,
    maxCellTemperature: measurements.maxCellTemperature,
    minCellVoltage: measurements.minCellVoltage,
    maxCellVoltage: measurements.maxCellVoltage,
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
  private readonly watching = new Map<number, Promise<void>>();
  private readonly pending = new Map<number, SiteChanges>();
  /** Per watched site, each device's health key as last handed out (decision 056). */
  private readonly health = new Map<number, Map<string, string>>();
  private timer: NodeJS.Timeout | undefined;
  private lastFlush = 0;
  private relay: LiveRelay | undefined;

  constructor(private readonly intervalMs = 250) {}

  subscribe(siteId: number, subscriber: Subscriber): () => void {
    const subscribers = this.subscribers.get(siteId) ?? new Set();
    if (subscribers.size === 0) this.startWatching(siteId);
    subscribers.add(subscriber);
    this.subscribers.set(siteId, subscribers);
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size > 0 || this.subscribers.get(siteId) !== subscribers) return;
      this.subscribers.delete(siteId);
      this.watching.delete(siteId);
      this.health.delete(siteId);
      void this.relay?.unwatch(siteId);
    };
  }

  /** Settles once the site's changes reach this hub, whichever replica stores them. */
  watched(siteId: number): Promise<void> {
    return this.watching.get(siteId) ?? Promise.resolve();
  }

  /**
   * With several replicas, changes also go through the relay (the broker) to the hubs of the other
   * replicas whose browsers watch the site, so a browser sees every change whichever replica stored it
   * (docs/operations.md).
   */
  relayThrough(relay: LiveRelay | undefined): void {
    this.relay = relay;
    for (const siteId of this.subscribers.keys()) this.startWatching(siteId);
  }

  publish(outcome: Pick<BatchOutcome, 'batteries' | 'mdloads'>): void {
    const bySite = new Map<number, LiveChanges>();
    const changesAt = (siteId: number) => {
      let changes = bySite.get(siteId);
      if (!changes) {
        changes = { siteId, batteries: [], mdloads: [], alerts: [], alarms: [] };
        bySite.set(siteId, changes);
      }
      return changes;
    };
    for (const state of outcome.batteries) changesAt(state.operatingSiteId).batteries.push(toLiveBattery(state));
    for (const { operatingSiteId, mdload } of outcome.mdloads) changesAt(operatingSiteId).mdloads.push(mdload);
    for (const changes of bySite.values()) this.send(changes);
  }

  /** Fired alerts go out at once, each on its own (they are not states to coalesce). */
  publishAlerts(siteId: number, alerts: readonly LiveAlert[]): void {
    this.send({ siteId, batteries: [], mdloads: [], alerts: [...alerts], alarms: [] });
  }

  /** Alarms that opened, were acknowledged or cleared go out at once, like alerts: one message per site. */
  publishAlarms(changes: readonly LiveAlarmChange[]): void {
    const bySite = new Map<number, LiveAlarmChange[]>();
    for (const change of changes)
      bySite.set(change.operatingSiteId, [...(bySite.get(change.operatingSiteId) ?? []), change]);
    for (const [siteId, alarms] of bySite) this.send({ siteId, batteries: [], mdloads: [], alerts: [], alarms });
  }

  /** Changes of this replica or, through the relay, of another. */
  apply({ siteId, batteries, mdloads, alerts, alarms }: LiveChanges): void {
    for (const subscriber of this.subscribers.get(siteId) ?? []) {
      for (const data of alerts) subscriber({ event: 'alert', data });
      for (const data of alarms) subscriber({ event: 'alarm', data });
    }
    const changes = this.changesOf(siteId);
    if (!changes) return;
    for (const battery of batteries) changes.batteries.set(battery.batterySerialNumber, battery);
    for (const mdload of mdloads) changes.mdloads.set(mdload.mdLoadSerial, mdload);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastFlush + this.intervalMs - Date.now()));
    }
  }

  close(): void {
    clearTimeout(this.timer);
    this.subscribers.clear();
    this.watching.clear();
    this.health.clear();
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

  private send(changes: LiveChanges): void {
    this.apply(changes);
    this.relay?.send(changes);
  }

  private startWatching(siteId: number): void {
    if (this.relay) this.watching.set(siteId, this.relay.watch(siteId));
  }

  private flush(): void {
    this.timer = undefined;
    this.lastFlush = Date.now();
    const pending = [...this.pending];
    this.pending.clear();
    for (const [siteId, changes] of pending) {
      const subscribers = this.subscribers.get(siteId);
      if (!subscribers) continue;
      const healthChanged = this.healthChangedAt(siteId);
      const updates: LiveUpdate[] = [
        ...[...changes.batteries.values()].map((data) => ({
          event: 'battery' as const,
          data,
          healthChanged: healthChanged(`battery ${data.batterySerialNumber}`, batteryHealthKey(data)),
        })),
        ...[...changes.mdloads.values()].map((data) => ({
          event: 'mdload' as const,
          data,
          healthChanged: healthChanged(`mdload ${data.mdLoadSerial}`, stationState(data)),
        })),
      ];
      for (const subscriber of subscribers) for (const update of updates) subscriber(update);
    }
  }

  /** Whether a device's health key differs from the last one handed out at the site; a new device's does. */
  private healthChangedAt(siteId: number) {
    let seen = this.health.get(siteId);
    if (!seen) {
      seen = new Map();
      this.health.set(siteId, seen);
    }
    const keys = seen;
    return (device: string, key: string) => {
      const changed = keys.get(device) !== key;
      keys.set(device, key);
      return changed;
    };
  }
}
