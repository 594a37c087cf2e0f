import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { describe, expect, it } from 'vitest';
import { searchBatteries } from './search-model';

const battery = (name: string, serial: string, status: LiveViewBattery['status'] = 'standby') =>
  ({ batteryName: name, batterySerialNumber: serial, status }) as LiveViewBattery;

const batteries = [
  battery('Stapler 12', 'SN-0012', 'charging'),
  battery('Stapler 3', 'SN-0003', 'error'),
  battery('Hubwagen', 'HW-77', 'offline'),
];
const find = (search: string) => searchBatteries(batteries, search).map((entry) => entry.batteryName);

describe('live view search', () => {
  it('finds a part of the name or serial, ignoring case and surrounding spaces', () => {
    expect(find('stapler 1')).toEqual(['Stapler 12']);
    expect(find(' hw-7 ')).toEqual(['Hubwagen']);
    expect(find('sn-00')).toEqual(['Stapler 12', 'Stapler 3']);
  });

  it('finds the states the text names, in English or German', () => {
    expect(find('Fehler')).toEqual(['Stapler 3']);
    expect(find('offl')).toEqual(['Hubwagen']);
  });

  it('leaves the list as it is without a search, and finds nothing for unknown text', () => {
    expect(searchBatteries(batteries, '')).toBe(batteries);
    expect(find('no battery is called this')).toEqual([]);
  });
});
