import { isDisconnected } from '@cbm/contracts/fleet-health';
import type { LiveBattery } from '@cbm/contracts/live-stream';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { describe, expect, it } from 'vitest';
import {
  buildRows,
  buildSections,
  currentErrorText,
  fromLiveBattery,
  suggestionOptions,
  UNGROUPED,
} from './live-view-model';

const battery = (serial: string, groupId: number | null): LiveViewBattery => ({
  batterySerialNumber: serial,
  batteryName: serial,
  groupId,
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
  lastDataTimestamp: null,
  nextServiceDate: null,
  currentErrorCode: null,
  hasCurrentError: false,
  errorWithin24h: false,
});
const groups = [
  { id: 1, name: 'A' },
  { id: 2, name: 'B' },
];
const batteries = [battery('s1', 1), battery('s2', null), battery('s3', 1), battery('s4', 1)];

describe('live view sections and rows', () => {
  it('puts batteries into their groups, Ungrouped last, empty groups only when not searching', () => {
    const sections = buildSections(batteries, groups, false);
    expect(sections.map((section) => [section.key, section.batteries.length])).toEqual([
      [1, 3],
      [2, 0],
      [UNGROUPED, 1],
    ]);
    expect(buildSections(batteries, groups, true).map((section) => section.key)).toEqual([1, UNGROUPED]);
  });

  it('lays out a header per section and rows of `columns` batteries, nothing of collapsed ones', () => {
    const sections = buildSections(batteries, groups, false);
    const rows = buildRows(sections, 2, new Set([UNGROUPED]));
    expect(rows.map((row) => (row.kind === 'batteries' ? row.batteries.length : row.kind))).toEqual([
      'header',
      2,
      1,
      'header',
      'empty',
      'header',
    ]);
  });

  it('turns a pushed state into live view fields, with status error while connected and the 24 h flag', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const live: LiveBattery = {
      batterySerialNumber: 's1',
      status: 'discharging',
      online: true,
      soc: 10,
      soh: 90,
      stackVoltage: 50,
      current: -3,
      minCellTemperature: 20,
      maxCellTemperature: 30,
      minCellVoltage: 3.1,
      maxCellVoltage: 3.2,
      lastDataTimestamp: '2026-11-21T11:59:00Z',
      currentErrorCode: 'E42',
      lastErrorAt: '2026-11-20T13:00:00Z',
    };
    expect(fromLiveBattery(live, now)).toMatchObject({
      status: 'error',
      hasCurrentError: true,
      errorWithin24h: true,
      soc: 10,
    });
    // Silent or offline, its error is the last known one: the status stays, the red outline shows the error.
    expect(fromLiveBattery({ ...live, status: 'silent' }, now)).toMatchObject({
      status: 'silent',
      hasCurrentError: true,
    });
    expect(fromLiveBattery({ ...live, status: 'offline', online: false }, now)).toMatchObject({ status: 'offline' });
    expect(isDisconnected({ status: 'not connected', online: null })).toBe(true);
    expect(isDisconnected({ status: 'charging', online: true })).toBe(false);
    expect(isDisconnected({ status: 'silent', online: true })).toBe(true);
  });
});

describe('suggestionOptions', () => {
  const suggestions = [
    { batterySerialNumber: '2060010', batteryName: 'Stapler 10' },
    { batterySerialNumber: '2060011', batteryName: 'Stapler 11' },
    { batterySerialNumber: '2070011', batteryName: 'Stapler 11' },
  ];

  it('offers each battery by name, keyed by serial so equal names stay apart', () => {
    expect(suggestionOptions(suggestions, 'stapler 1')).toEqual([
      { value: '2060010', label: 'Stapler 10' },
      { value: '2060011', label: 'Stapler 11' },
      { value: '2070011', label: 'Stapler 11' },
    ]);
  });

  it('leaves out a battery whose name or serial is exactly what was typed', () => {
    expect(suggestionOptions(suggestions, ' stapler 11 ').map((option) => option.value)).toEqual(['2060010']);
    expect(suggestionOptions(suggestions, '2060010').map((option) => option.value)).toEqual(['2060011', '2070011']);
  });
});

describe('currentErrorText', () => {
  it('names a catalogued error in the language, an unknown one by its code only', () => {
    expect(currentErrorText('E412', 'de')).toEqual({ code: 'E412', description: 'CAN-Zeitüberschreitung' });
    expect(currentErrorText('E412', 'en')).toEqual({ code: 'E412', description: 'CAN timeout' });
    expect(currentErrorText('X999', 'de')).toEqual({ code: 'X999' });
  });
});
