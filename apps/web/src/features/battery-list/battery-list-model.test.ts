import type { BatteryListItem } from '@cbm/contracts/battery-list';
import { describe, expect, it } from 'vitest';
import { expectedByType, nextSort, outdatedOf, PAGE_SIZE, pageOf, sortBatteries } from './battery-list-model';

const battery = (serial: string, values: Partial<BatteryListItem> = {}) =>
  ({
    batterySerialNumber: serial,
    batteryName: `Stapler ${serial}`,
    type: 'L24-460',
    soc: 50,
    firmwareVersion: '5.12.3',
    hardwareVersion: 'C',
    ...values,
  }) as BatteryListItem;

describe('battery list model', () => {
  it('sorts numbers by value, text naturally, empty values last, both ways', () => {
    const list = [
      battery('1', { soc: 9 }),
      battery('2', { soc: null }),
      battery('3', { soc: 80 }),
      battery('4', { soc: 10 }),
    ];
    const serials = (sorted: BatteryListItem[]) => sorted.map((entry) => entry.batterySerialNumber);
    expect(serials(sortBatteries(list, { column: 'soc', descending: false }))).toEqual(['1', '4', '3', '2']);
    expect(serials(sortBatteries(list, { column: 'soc', descending: true }))).toEqual(['3', '4', '1', '2']);
    const versions = [battery('a', { firmwareVersion: '5.12.3' }), battery('b', { firmwareVersion: '5.9.0' })];
    expect(serials(sortBatteries(versions, { column: 'firmwareVersion', descending: false }))).toEqual(['b', 'a']);
    const names = [battery('x', { batteryName: 'Stapler 10' }), battery('y', { batteryName: 'stapler 2' })];
    expect(serials(sortBatteries(names, { column: 'batteryName', descending: false }))).toEqual(['y', 'x']);
  });

  it('sorts the campaign column by the campaign name, batteries without one last', () => {
    const campaign = (name: string) => ({ id: 1, name, status: 'running' as const });
    const list = [
      battery('1', { campaign: null }),
      battery('2', { campaign: campaign('Winter 7.1') }),
      battery('3', { campaign: campaign('Herbst 7.0') }),
    ];
    const sorted = sortBatteries(list, { column: 'campaign', descending: false });
    expect(sorted.map((entry) => entry.batterySerialNumber)).toEqual(['3', '2', '1']);
  });

  it('turns the sorted column around and sorts a new one ascending', () => {
    expect(nextSort({ column: 'soc', descending: false }, 'soc')).toEqual({ column: 'soc', descending: true });
    expect(nextSort({ column: 'soc', descending: true }, 'type')).toEqual({ column: 'type', descending: false });
  });

  it('flags versions older than those expected for the type', () => {
    const expected = expectedByType([
      {
        batteryType: 'L24-460',
        bspVersion: null,
        BamVersion: null,
        bootVersion: null,
        firmwareVersion: '5.12.3',
        hardwareVersion: 'C',
        iotHmiVersion: null,
        iotSwVersion: null,
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    ]);
    expect([...outdatedOf(battery('1', { firmwareVersion: '5.11.0', hardwareVersion: 'B' }), expected)]).toEqual([
      'firmwareVersion',
      'hardwareVersion',
    ]);
    expect(outdatedOf(battery('2'), expected).size).toBe(0);
    expect(outdatedOf(battery('3', { type: 'unknown', firmwareVersion: '1.0.0' }), expected).size).toBe(0);
  });

  it('pages', () => {
    const items = Array.from({ length: PAGE_SIZE + 3 }, (_, index) => index);
    expect(pageOf(items, 2)).toEqual([PAGE_SIZE, PAGE_SIZE + 1, PAGE_SIZE + 2]);
  });
});
