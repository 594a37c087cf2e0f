import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { describe, expect, it } from 'vitest';
import { triage, triageCounts } from './triage-model';

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
const names = (list: LiveViewBattery[]) => list.map((entry) => entry.batteryName);

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

  it('shows the batteries under a chip, or all', () => {
    expect(names(triage(batteries, 'service', 'name', today))).toEqual(['Alpha', 'Delta']);
    expect(names(triage(batteries, 'offline', 'name', today))).toEqual(['Charlie']);
    expect(names(triage(batteries, null, 'name', today))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
  });

  it('orders by SoC lowest first, state worst first and oldest data first, missing values last', () => {
    expect(names(triage(batteries, null, 'soc', today))).toEqual(['Alpha', 'Bravo', 'Delta', 'Charlie']);
    expect(names(triage(batteries, null, 'state', today))).toEqual(['Bravo', 'Charlie', 'Delta', 'Alpha']);
    expect(names(triage(batteries, null, 'lastData', today))[0]).toBe('Charlie');
  });
});
