import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatteryState } from './battery-state';
import { LiveHub, type LiveUpdate } from './live-hub';

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

describe('live hub', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
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
});
