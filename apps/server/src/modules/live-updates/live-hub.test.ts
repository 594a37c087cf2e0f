import type { LiveAlert } from '@cbm/contracts/alerts';
import type { LiveAlarmChange } from '@cbm/contracts/live-stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatteryState } from '../device-ingestion/battery-state';
import { type LiveChanges, LiveHub, type LiveUpdate, liveChangesSchema, toLiveBattery } from './live-hub';

const battery = (serialNumber: string, operatingSiteId: number, soc: number): BatteryState => ({
  serialNumber,
  operatingSiteId,
  online: true,
  connectionChangedAt: null,
  telemetryState: 'charging',
  chargerSerial: null,
  measurements: {
    soc,
    soh: null,
    stackVoltage: null,
    current: null,
    minCellTemperature: null,
    maxCellTemperature: null,
    minCellVoltage: null,
    maxCellVoltage: null,
  },
  newTelemetry: null,
  lastDataTimestamp: null,
  lastSampleAt: null,
  activeErrorCodes: [],
  lastErrorAt: null,
  status: 'online',
});

const alert: LiveAlert = {
  alertId: 1,
  product: 'battery',
  alertName: 'Night shift',
  serialNumber: 'A',
  deviceName: 'Truck 7',
  type: 'error',
  code: 'E101',
  description: 'Cell over-temperature',
  ts: '2026-11-21T10:00:00.000Z',
};

describe('live hub', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells whether what the overview counts of a device changed since the last update of its site', () => {
    const hub = new LiveHub(250);
    const seen: LiveUpdate[] = [];
    const unsubscribe = hub.subscribe(1, (update) => seen.push(update));
    const flags = () => seen.splice(0).map((update) => 'healthChanged' in update && update.healthChanged);
    const at = (serial: string, soc: number, status: BatteryState['status'] = 'online') => ({
      batteries: [{ ...battery(serial, 1, soc), status }],
      mdloads: [],
    });

    hub.publish(at('A', 50));
    vi.advanceTimersByTime(250);
    hub.publish(at('A', 48));
    vi.advanceTimersByTime(250);
    hub.publish(at('A', 10));
    vi.advanceTimersByTime(250);
    hub.publish(at('A', 10, 'charging'));
    vi.advanceTimersByTime(250);
    expect(flags()).toEqual([true, false, true, true]);

    unsubscribe();
    hub.subscribe(1, (update) => seen.push(update));
    hub.publish(at('A', 10, 'charging'));
    vi.advanceTimersByTime(250);
    expect(flags()).toEqual([true]);
    hub.close();
  });

  it('sends each watcher of a site the latest state of each changed battery, at most every interval', () => {
    const hub = new LiveHub(250);
    const seen: LiveUpdate[] = [];
    const unsubscribe = hub.subscribe(1, (update) => seen.push(update));
    hub.subscribe(2, () => {
      throw new Error('site 2 has no changes');
    });

    hub.publish({ batteries: [battery('A', 1, 10)], mdloads: [] });
    vi.advanceTimersByTime(0);
    expect(seen.map((update) => update.data)).toMatchObject([{ batterySerialNumber: 'A', soc: 10 }]);

    hub.publish({ batteries: [battery('A', 1, 11), battery('B', 1, 50), battery('X', 3, 1)], mdloads: [] });
    hub.publish({ batteries: [battery('A', 1, 12)], mdloads: [] });
    vi.advanceTimersByTime(249);
    expect(seen).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(seen.slice(1).map((update) => update.data)).toMatchObject([
      { batterySerialNumber: 'A', soc: 12 },
      { batterySerialNumber: 'B', soc: 50 },
    ]);

    unsubscribe();
    hub.publish({ batteries: [battery('A', 1, 13)], mdloads: [] });
    vi.runAllTimers();
    expect(seen).toHaveLength(3);
    hub.close();
  });

  it('with a relay, shows its own changes at once, sends every change through it and shows what it brings', () => {
    const hub = new LiveHub(250);
    const relayed: LiveChanges[] = [];
    hub.relayThrough({
      send: (changes) => relayed.push(changes),
      watch: async () => undefined,
      unwatch: async () => undefined,
    });
    const seen: LiveUpdate[] = [];
    hub.subscribe(1, (update) => seen.push(update));

    hub.publish({ batteries: [battery('A', 1, 10), battery('X', 3, 1)], mdloads: [] });
    hub.publishAlerts(1, [alert]);
    vi.runAllTimers();
    expect(seen.map((update) => update.event)).toEqual(['alert', 'battery']);
    expect(relayed).toMatchObject([
      { siteId: 1, batteries: [{ batterySerialNumber: 'A', soc: 10 }], alerts: [] },
      { siteId: 3, batteries: [{ batterySerialNumber: 'X' }] },
      { siteId: 1, batteries: [], alerts: [alert] },
    ]);
    for (const changes of relayed)
      expect(liveChangesSchema.parse(JSON.parse(JSON.stringify(changes)))).toEqual(changes);

    hub.apply({ siteId: 1, batteries: [toLiveBattery(battery('B', 1, 50))], mdloads: [], alerts: [], alarms: [] });
    vi.runAllTimers();
    expect(seen.map((update) => update.event)).toEqual(['alert', 'battery', 'battery']);
    expect(seen.at(-1)).toMatchObject({ data: { batterySerialNumber: 'B', soc: 50 } });
    hub.close();
  });

  it('sends alarm changes at once, one message per site, to the watchers of that site only', () => {
    const hub = new LiveHub(250);
    const relayed: LiveChanges[] = [];
    hub.relayThrough({
      send: (changes) => relayed.push(changes),
      watch: async () => undefined,
      unwatch: async () => undefined,
    });
    const opened: LiveAlarmChange = { operatingSiteId: 1, product: 'battery', state: 'open', alarmIds: [7, 8] };
    const cleared: LiveAlarmChange = { operatingSiteId: 2, product: 'mdload', state: 'cleared', alarmIds: [9] };
    const acknowledged: LiveAlarmChange = {
      operatingSiteId: 1,
      product: 'battery',
      state: 'acknowledged',
      alarmIds: [3],
    };
    hub.publishAlarms([opened, cleared, acknowledged]);
    expect(relayed).toEqual([
      { siteId: 1, batteries: [], mdloads: [], alerts: [], alarms: [opened, acknowledged] },
      { siteId: 2, batteries: [], mdloads: [], alerts: [], alarms: [cleared] },
    ]);

    const seen: LiveUpdate[] = [];
    hub.subscribe(1, (update) => seen.push(update));
    for (const changes of relayed) hub.apply(changes);
    expect(seen).toEqual([
      { event: 'alarm', data: opened },
      { event: 'alarm', data: acknowledged },
    ]);
    const { alarms: _, ...fromAnOlderReplica } = relayed[0] as LiveChanges;
    expect(liveChangesSchema.parse(fromAnOlderReplica).alarms).toEqual([]);
    hub.close();
  });

  it('with a relay, watches a site through it while anyone here watches the site', async () => {
    const hub = new LiveHub(250);
    const calls: string[] = [];
    let confirm: () => void = () => undefined;
    hub.subscribe(1, () => undefined);
    hub.relayThrough({
      send: () => undefined,
      watch: (siteId) => {
        calls.push(`watch ${siteId}`);
        return new Promise((resolve) => {
          confirm = resolve;
        });
      },
      unwatch: async (siteId) => {
        calls.push(`unwatch ${siteId}`);
      },
    });
    const first = hub.subscribe(2, () => undefined);
    const second = hub.subscribe(2, () => undefined);
    let watched = false;
    const ready = hub.watched(2).then(() => {
      watched = true;
    });
    await Promise.resolve();
    expect(watched).toBe(false);
    confirm();
    await ready;
    expect(watched).toBe(true);

    first();
    first();
    expect(calls).toEqual(['watch 1', 'watch 2']);
    second();
    expect(calls).toEqual(['watch 1', 'watch 2', 'unwatch 2']);
    await expect(hub.watched(2)).resolves.toBeUndefined();
    hub.close();
  });
});
