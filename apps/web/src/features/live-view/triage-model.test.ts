import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { describe, expect, it } from 'vitest';
import { orderBatteries, triage, triageCounts } from './triage-model';

const battery = (name: string, fields: Partial<LiveViewBattery> = {}): LiveViewBattery => ({
  batterySerialNumber: `S-${name}`,
  batteryName: name,
  groupId: null,
  groupName: null,
  type: 'LFP',
  status: 'standby',
  online: true,
  soc: 50,
  soh: 99,
  stackVoltage: 51,
  minCellTemperature: 20,
  maxCellTemperature: 25,
  chargerName: null,
  lastDataTimestamp: '2026-11-26T10:00:00.000Z',
  nextServiceDate: null,
  currentErrorCode: null,
  hasCurrentError: false,
  errorWithin24h: false,
  ...fields,
});

const today = '2026-11-26';
const batteries = [
  battery('Alpha', { soc: 15, nextServiceDate: '2026-11-20' }),
  battery('Bravo', { status: 'error', currentErrorCode: 'E101', hasCurrentError: true, errorWithin24h: true }),
  battery('Charlie', { status: 'offline', online: false, soc: null, lastDataTimestamp: '2026-11-24T10:00:00.000Z' }),
  battery('Delta', { status: 'charging', soc: 80, nextServiceDate: '2026-12-01' }),
];
const names = (list: readonly LiveViewBattery[]) => list.map((entry) => entry.batteryName);

describe('live view triage', () => {
  it('counts each chip by the fleet health rules', () => {
    expect(triageCounts(batteries, today)).toEqual({
      errorNow: 1,
      errorWithin24h: 1,
      offline: 1,
      lowSoc: 1,
      service: 2,
    });
  });

  it('counts a disconnected battery with an error under offline, not under error now', () => {
    const lastError = { currentErrorCode: 'E101', hasCurrentError: true, errorWithin24h: true };
    const dropped = [
      battery('Echo', { status: 'error', online: false, ...lastError }),
      battery('Foxtrot', { status: 'silent', online: true, ...lastError }),
    ];
    expect(triageCounts(dropped, today)).toMatchObject({ errorNow: 0, errorWithin24h: 2, offline: 2 });
  });

  it('shows the batteries under a chip, or all', () => {
    expect(names(triage(batteries, 'service', today))).toEqual(['Alpha', 'Delta']);
    expect(names(triage(batteries, 'offline', today))).toEqual(['Charlie']);
    expect(names(triage(batteries, null, today))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
  });

  it('orders by SoC lowest first, state worst first and oldest data first, missing values last', () => {
    expect(names(orderBatteries(batteries, 'name'))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(names(orderBatteries(batteries, 'soc'))).toEqual(['Alpha', 'Bravo', 'Delta', 'Charlie']);
    expect(names(orderBatteries(batteries, 'state'))).toEqual(['Bravo', 'Charlie', 'Delta', 'Alpha']);
    expect(names(orderBatteries(batteries, 'lastData'))[0]).toBe('Charlie');
  });

  it('keeps equal keys in the order of the list (by name)', () => {
    const even = [battery('Echo', { soc: 30 }), battery('Foxtrot', { soc: 30 }), battery('Golf', { soc: 10 })];
    expect(names(orderBatteries(even, 'soc'))).toEqual(['Golf', 'Echo', 'Foxtrot']);
  });
});
