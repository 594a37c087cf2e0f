import type { LiveBattery, LiveMdload } from '@cbm/contracts/live-stream';
import { describe, expect, it } from 'vitest';
import { healthSignal } from './health-signal';

const battery = (fields: Partial<LiveBattery> = {}): LiveBattery => ({
  batterySerialNumber: 'A',
  status: 'charging',
  online: true,
  soc: 50,
  soh: 99,
  stackVoltage: 51,
  current: 10,
  minCellTemperature: 20,
  maxCellTemperature: 25,
  minCellVoltage: 3.2,
  maxCellVoltage: 3.3,
  lastDataTimestamp: '2026-11-27T10:00:00.000Z',
  currentErrorCode: null,
  lastErrorAt: null,
  ...fields,
});

describe('health signal', () => {
  it('lets through a battery once, then only when its state, low SoC or errors change', () => {
    const relevant = healthSignal();
    expect(relevant('battery', battery())).toBe(true);
    expect(relevant('battery', battery({ soc: 48, stackVoltage: 50, lastDataTimestamp: '2026-11-27T10:00:10Z' }))).toBe(
      false,
    );
    expect(relevant('battery', battery({ soc: 19 }))).toBe(true);
    expect(relevant('battery', battery({ soc: 18 }))).toBe(false);
    expect(relevant('battery', battery({ soc: 18, status: 'discharging' }))).toBe(true);
    expect(relevant('battery', battery({ soc: 18, status: 'discharging', online: false }))).toBe(true);
    expect(relevant('battery', battery({ soc: 18, status: 'error', currentErrorCode: 'E101' }))).toBe(true);
    expect(relevant('battery', battery({ batterySerialNumber: 'B' }))).toBe(true);
  });

  it('lets through a charger-station unit once, then only when its state changes', () => {
    const relevant = healthSignal();
    const unit = (fields: Partial<LiveMdload> = {}): LiveMdload => ({
      mdLoadSerial: 'A',
      status: 'idle',
      online: true,
      powerKw: 0,
      totalEnergyKwh: 10,
      lastDataTimestamp: null,
      stations: [],
      ...fields,
    });
    expect(relevant('mdload', unit())).toBe(true);
    expect(relevant('mdload', unit({ status: 'online', totalEnergyKwh: 11 }))).toBe(false);
    expect(relevant('mdload', unit({ status: 'charging', powerKw: 3 }))).toBe(true);
    expect(relevant('mdload', unit({ status: 'charging', online: false }))).toBe(true);
    expect(relevant('battery', battery())).toBe(true);
  });

  it('lets through every alarm change and no alerts', () => {
    const relevant = healthSignal();
    expect(relevant('alarm', { operatingSiteId: 1, product: 'battery', state: 'open', alarmIds: [1] })).toBe(true);
    expect(relevant('alert', {})).toBe(false);
  });
});
