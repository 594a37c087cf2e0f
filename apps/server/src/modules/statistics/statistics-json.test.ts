import type { StatisticsResponse } from '@cbm/contracts/statistics';
import { describe, expect, it } from 'vitest';
import { statisticsJson } from './statistics-service';

const response: StatisticsResponse = {
  type: 'totalenergy',
  groupBy: 'serial',
  granularity: 'day',
  timeZone: 'Europe/Berlin',
  periods: ['2026-03-28', '2026-03-29'],
  series: [
    { key: 'BAT-1', label: 'Stapler "Nord" \\ 1', values: { chargedKwh: [12.5, 0], dischargedKwh: [1e-6, 3] } },
    { key: 'BAT-2', label: 'BAT-2', values: { chargedKwh: [0, 0], dischargedKwh: [0, 0] } },
  ],
};

describe('statistics JSON', () => {
  it('writes the document JSON.stringify writes, from the series as JSON arrays', () => {
    const answer = {
      ...response,
      series: response.series.map((series) => ({
        ...series,
        values: Object.fromEntries(
          Object.entries(series.values).map(([metric, list]) => [metric, JSON.stringify(list)]),
        ),
      })),
    };
    expect(statisticsJson(answer)).toBe(JSON.stringify(response));
  });

  it('takes the database’s number lists as they are', () => {
    const json = statisticsJson({
      ...response,
      series: [{ key: 'BAT-1', label: 'BAT-1', values: { chargedKwh: '[12.34,1e-06,0]' } }],
    });
    expect(JSON.parse(json).series[0].values.chargedKwh).toEqual([12.34, 0.000001, 0]);
  });
});
