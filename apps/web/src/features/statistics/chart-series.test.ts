import { START_SOC_BUCKET_METRICS, type StatisticsResponse } from '@cbm/contracts/statistics';
import { describe, expect, it } from 'vitest';
import { CHART_SERIES_MAX, topSeries } from './chart-series';
import { chartModel } from './statistics-model';

/** Start-SoC by group over two days: group n started n charges in each bucket on the first day, none on the second. */
const startSoc = (groups: number): StatisticsResponse => ({
  type: 'startsoc',
  groupBy: 'group',
  granularity: 'day',
  timeZone: 'Europe/Berlin',
  periods: ['2026-11-02', '2026-11-03'],
  series: Array.from({ length: groups }, (_, n) => ({
    key: `g${n}`,
    label: `Group ${n}`,
    values: {
      ...Object.fromEntries(START_SOC_BUCKET_METRICS.map((metric) => [metric, [n, 0]])),
      median: [50, null],
    },
  })),
});

describe('chart series', () => {
  it('draws a few series as they are', () => {
    const response = startSoc(CHART_SERIES_MAX);
    expect(topSeries(response, 'Others')).toBe(response);
  });

  it('keeps the largest series in their order and adds up the others, bar figures only', () => {
    const chart = topSeries(startSoc(9), 'Others');
    expect(chart.series.map((entry) => entry.label)).toEqual([
      'Group 4',
      'Group 5',
      'Group 6',
      'Group 7',
      'Group 8',
      'Others',
    ]);
    expect(chart.series.at(-1)?.values).toEqual(
      Object.fromEntries(START_SOC_BUCKET_METRICS.map((metric) => [metric, [0 + 1 + 2 + 3, 0]])),
    );
  });

  it('gives start-SoC by 15 groups distinct colours and a legend of one row per dimension', () => {
    const model = chartModel(
      topSeries(startSoc(15), 'Others'),
      (period) => period,
      (metric) => metric,
    );
    const colours = model.series.map((entry) => entry.color);
    expect(colours).toHaveLength(CHART_SERIES_MAX * START_SOC_BUCKET_METRICS.length);
    expect(new Set(colours).size).toBe(colours.length);
    expect(model.legend.series).toHaveLength(CHART_SERIES_MAX);
    expect(new Set(model.legend.series.map((entry) => entry.color)).size).toBe(CHART_SERIES_MAX);
    expect(model.legend.metrics.map((entry) => entry.label)).toEqual([...START_SOC_BUCKET_METRICS]);
  });
});
