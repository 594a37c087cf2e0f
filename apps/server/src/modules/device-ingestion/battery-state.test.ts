import type { BatteryTelemetry } from '@cbm/contracts/device-protocol';
import { describe, expect, it } from 'vitest';
import { telemetry } from '../../../test/mqtt-devices';
import {
  applyEvent,
  applyStatus,
  applyTelemetry,
  type BatteryState,
  deriveBatteryStatus,
  takeSample,
} from './battery-state';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 21, 10, 0, seconds));
const fresh = (values: Partial<BatteryState> = {}): BatteryState => ({
  serialNumber: 'B1',
  operatingSiteId: 1,
  online: null,
  connectionChangedAt: null,
  telemetryState: null,
  chargerSerial: null,
  measurements: {
    soc: null,
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
  status: 'not connected',
  ...values,
});
const data = (values: Partial<BatteryTelemetry>) => telemetry(1, at(0), values);
const statusOf = (values: Partial<BatteryState>) => deriveBatteryStatus(fresh(values));

describe('battery status', () => {
  it.each<[string, Partial<BatteryState>, BatteryState['status']]>([
    ['never heard of', {}, 'not connected'],
    ['offline by its last will', { online: false, telemetryState: 'charging', lastDataTimestamp: at(0) }, 'offline'],
    ['connected, no telemetry yet', { online: true, connectionChangedAt: at(5) }, 'online'],
    [
      'reconnected after its last telemetry',
      { online: true, connectionChangedAt: at(9), telemetryState: 'discharging', lastDataTimestamp: at(5) },
      'online',
    ],
    [
      'charging',
      { online: true, connectionChangedAt: at(0), telemetryState: 'charging', lastDataTimestamp: at(5) },
      'charging',
    ],
    ['discharging without status messages', { telemetryState: 'discharging', lastDataTimestamp: at(5) }, 'discharging'],
    [
      'standby, not plugged in',
      { telemetryState: 'standby', chargerSerial: null, lastDataTimestamp: at(5) },
      'standby',
    ],
    [
      'standby on a charger',
      { telemetryState: 'standby', chargerSerial: 'CH-1', lastDataTimestamp: at(5) },
      'connected',
    ],
    ['idle on a charger', { telemetryState: 'idle', chargerSerial: 'CH-1', lastDataTimestamp: at(5) }, 'connected'],
    ['an active error', { telemetryState: 'charging', lastDataTimestamp: at(5), activeErrorCodes: ['E1'] }, 'error'],
    ['reporting the error state', { telemetryState: 'error', lastDataTimestamp: at(5) }, 'error'],
  ])('%s', (_name, values, expected) => {
    expect(statusOf(values)).toBe(expected);
  });
});

describe('folding messages into the live state', () => {
  it('takes only newer telemetry, which also shows the battery is online again', () => {
    const state = fresh({ online: false, connectionChangedAt: at(1) });
    expect(applyTelemetry(state, data({ soc: 50 }), at(5))).toBe(true);
    expect(applyTelemetry(state, data({ soc: 40 }), at(3))).toBe(false);
    expect(applyTelemetry(state, data({ soc: 40 }), at(5))).toBe(false);
    expect(state).toMatchObject({ online: true, connectionChangedAt: at(5), lastDataTimestamp: at(5) });
    expect(state.measurements.soc).toBe(50);
    expect(state.newTelemetry?.soc).toBe(50);
  });

  it('ignores a repeated or older status', () => {
    const state = fresh();
    expect(applyStatus(state, { online: true }, at(5))).toBe(true);
    expect(applyStatus(state, { online: true }, at(6))).toBe(false);
    expect(applyStatus(state, { online: false }, at(4))).toBe(false);
    expect(applyStatus(state, { online: false }, at(7))).toBe(true);
    expect(state).toMatchObject({ online: false, connectionChangedAt: at(7) });
  });

  it('keeps the active errors, the latest as current, and when the last one started', () => {
    const state = fresh();
    const event = (code: string, active: boolean, type: 'error' | 'warning' = 'error') => ({
      seq: 1,
      ts: '',
      type,
      code,
      description: '',
      active,
    });
    expect(applyEvent(state, event('W1', true, 'warning'), at(1))).toBe(false);
    applyEvent(state, event('E1', true), at(2));
    applyEvent(state, event('E2', true), at(3));
    expect(state).toMatchObject({ activeErrorCodes: ['E1', 'E2'], lastErrorAt: at(3) });
    applyEvent(state, event('E2', false), at(4));
    expect(state).toMatchObject({ activeErrorCodes: ['E1'], lastErrorAt: at(3) });
    expect(applyEvent(state, event('E9', false), at(5))).toBe(false);
  });
});

describe('sample resolution', () => {
  it('keeps the first telemetry of each later bucket only', () => {
    const state = fresh();
    const kept = [0, 10, 59, 60, 61, 30, 125].filter((second) => takeSample(state, at(second), 60_000));
    expect(kept).toEqual([0, 60, 125]);
  });

  it('keeps every newer telemetry at resolution 0, never a repeat', () => {
    const state = fresh();
    const kept = [1, 1, 2, 2, 1, 3].filter((second) => takeSample(state, at(second), 0));
    expect(kept).toEqual([1, 2, 3]);
  });
});
