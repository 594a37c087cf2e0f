import type { StatisticsBattery, StatisticsResponse } from '@cbm/contracts/statistics';
import { describe, expect, it } from 'vitest';
import { chartModel, formatFigure, groupsOf, hasData, periodLabel } from './statistics-model';

const response: StatisticsResponse = {
  type: 'availability',
  groupBy: 'serial',
  granularity: 'week',
  timeZone: 'Europe/Berlin',
  periods: ['2026-11-02', '2026-11-09'],
  series: [
    { key: 'B1', label: 'Stapler 1', values: { lowSocHours: [1.5, 0], availableHours: [20, 0] } },
    { key: 'B2', label: 'B2', values: { lowSocHours: [0, 0], availableHours: [10.25, 3] } },
  ],
};

describe('statistics model', () => {
  it('stacks the figures of each series and labels them with series and figure', () => {
    const model = chartModel(
      response,
      (period) => period,
      (metric) => metric,
    );
    expect(model.stacked).toBe(true);
    expect(model.series).toEqual([
      { name: 's0_lowSocHours', label: 'Stapler 1 – lowSocHours', color: 'blue.9', stackId: 's0' },
      { name: 's0_availableHours', label: 'Stapler 1 – availableHours', color: 'blue.7', stackId: 's0' },
      { name: 's1_lowSocHours', label: 'B2 – lowSocHours', color: 'orange.9', stackId: 's1' },
      { name: 's1_availableHours', label: 'B2 – availableHours', color: 'orange.7', stackId: 's1' },
    ]);
    expect(model.legend).toEqual({
      series: [
        { label: 'Stapler 1', color: 'blue.6' },
        { label: 'B2', color: 'orange.6' },
      ],
      metrics: [
        { label: 'lowSocHours', color: 'gray.9' },
        { label: 'availableHours', color: 'gray.7' },
      ],
    });
    expect(model.rows[1]).toEqual({
      period: '2026-11-09',
      s0_lowSocHours: 0,
      s0_availableHours: 0,
      s1_lowSocHours: 0,
      s1_availableHours: 3,
    });
  });

  it('writes German dates and decimal commas in German', () => {
    expect(periodLabel('2026-11-02', 'day', 'de', (date) => date)).toBe('02.11.2026');
    expect(periodLabel('2026-11-02', 'week', 'en', (date) => `Week of ${date}`)).toBe('Week of 11-02-2026');
    expect(periodLabel('2026-11-01', 'month', 'de', (date) => date)).toBe('11.2026');
    expect(formatFigure(10.256, 'de')).toBe('10,26');
    expect(formatFigure(null, 'en')).toBe('–');
    // Half up from the decimal digits the JSON carried: in binary, 1.005 × 100 is 100.49999999999999.
    expect([8.725, 1.005, 0.125, 3.1666666666666665, 12, 0.0000001, 0].map((v) => formatFigure(v, 'en'))).toEqual([
      '8.73',
      '1.01',
      '0.13',
      '3.17',
      '12',
      '0',
      '0',
    ]);
  });

  it('has no data when every figure is 0', () => {
    expect(hasData(response)).toBe(true);
    expect(
      hasData({ ...response, series: [{ key: 'x', label: 'x', values: { lowSocHours: [0], availableHours: [0] } }] }),
    ).toBe(false);
  });

  it('offers the groups by name and Ungrouped last, only when a battery has no group', () => {
    const battery = (serialNumber: string, groupId: number | null, groupName: string | null): StatisticsBattery => ({
      serialNumber,
      batteryName: '',
      groupId,
      groupName,
    });
    const grouped = [battery('B1', 2, 'Tor 2'), battery('B2', 1, 'Halle'), battery('B3', 2, 'Tor 2')];
    expect(groupsOf(grouped, 'Ohne Gruppe')).toEqual([
      { value: '1', label: 'Halle' },
      { value: '2', label: 'Tor 2' },
    ]);
    expect(groupsOf([...grouped, battery('B4', null, null)], 'Ohne Gruppe').at(-1)).toEqual({
      value: 'ungrouped',
      label: 'Ohne Gruppe',
    });
  });
});
