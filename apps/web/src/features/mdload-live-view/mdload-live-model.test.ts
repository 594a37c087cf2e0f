import type { LiveMdload } from '@cbm/contracts/live-stream';
import type { MdloadLiveViewResponse, MdloadUnit } from '@cbm/contracts/mdload-live-view';
import { describe, expect, it } from 'vitest';
import { mergeLiveMdloads, replaceUnit } from './mdload-live-model';

const unit = (id: number, serial: string): MdloadUnit => ({
  id,
  mdLoadSerial: serial,
  name: `Unit ${id}`,
  status: 'not connected',
  online: null,
  powerKw: null,
  maxPowerKw: 60,
  totalEnergyKwh: null,
  lastDataTimestamp: null,
  chargingStationGroups: [
    {
      id: id * 10,
      name: 'Hall 1',
      chargingStations: ['S1', 'S2'].map((suffix, index) => ({
        id: id * 100 + index,
        name: `Station ${suffix}`,
        batteryModel: 'LFP 48V',
        serialNumber: `${serial}-${suffix}`,
        state: null,
        powerKw: null,
        lastDataTimestamp: null,
        charger: null,
      })),
    },
  ],
});

const data: MdloadLiveViewResponse = { units: [unit(1, 'MDL-1'), unit(2, 'MDL-2')], chargers: [] };
const live: LiveMdload = {
  mdLoadSerial: 'MDL-2',
  status: 'charging',
  online: true,
  powerKw: 11,
  totalEnergyKwh: 500,
  lastDataTimestamp: '2026-11-21T10:00:00.000Z',
  stations: [{ serialNumber: 'MDL-2-S2', state: 'charging', powerKw: 11 }],
};

describe('mergeLiveMdloads', () => {
  it('updates only the twin with the pushed mdLoadSerial, and of it only the stations named', () => {
    const merged = mergeLiveMdloads(data, [live]);
    expect(merged.units[0]).toBe(data.units[0]);
    expect(merged.units[1]).toMatchObject({ status: 'charging', online: true, powerKw: 11, totalEnergyKwh: 500 });
    const [first, second] = merged.units[1]?.chargingStationGroups[0]?.chargingStations ?? [];
    expect(first).toEqual(data.units[1]?.chargingStationGroups[0]?.chargingStations[0]);
    expect(second).toMatchObject({ state: 'charging', powerKw: 11, lastDataTimestamp: live.lastDataTimestamp });
    expect(merged.units).toHaveLength(2);
  });

  it('keeps the list as it is for unknown units', () => {
    expect(mergeLiveMdloads(data, [{ ...live, mdLoadSerial: 'MDL-9' }])).toBe(data);
  });
});

describe('replaceUnit', () => {
  it('replaces the unit with the same id', () => {
    const changed = { ...unit(1, 'MDL-1'), name: 'Renamed' };
    const result = replaceUnit(data, changed);
    expect(result.units[0]).toBe(changed);
    expect(result.units[1]).toBe(data.units[1]);
  });
});
