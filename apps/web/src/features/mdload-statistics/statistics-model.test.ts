import { describe, expect, it } from 'vitest';
import { consumptionChart, powerChart, startSocCharts } from './statistics-model';

const units = [
  { mdLoadSerial: 'MDL-1', name: 'Unit 1' },
  { mdLoadSerial: 'MDL-2', name: 'Unit 2' },
];

describe('charger-station chart data', () => {
  it('stacks each day’s energy by unit, one series per unit', () => {
    const chart = consumptionChart(
      {
        units,
        days: [
          { date: '2026-11-19', totalKwh: 3.456, units: [{ mdLoadSerial: 'MDL-1', kwh: 3.456 }] },
          {
            date: '2026-11-20',
            totalKwh: 5,
            units: [
              { mdLoadSerial: 'MDL-1', kwh: 2 },
              { mdLoadSerial: 'MDL-2', kwh: 3 },
            ],
          },
        ],
        summary: { totalKwh: 8.456, peakPowerKw: 9, peakAt: null, pricePerKwh: 0.3, currency: 'EUR', cost: 2.54 },
      },
      (date) => `day ${date}`,
      'Others',
    );
    expect(chart.series.map((series) => [series.name, series.label])).toEqual([
      ['MDL-1', 'Unit 1'],
      ['MDL-2', 'Unit 2'],
    ]);
    expect(chart.data).toEqual([
      { day: 'day 2026-11-19', 'MDL-1': 3.46 },
      { day: 'day 2026-11-20', 'MDL-1': 2, 'MDL-2': 3 },
    ]);
  });

  it('draws the five largest units and adds up the rest as Others, so that no two share a colour', () => {
    const many = Array.from({ length: 8 }, (_, n) => ({ mdLoadSerial: `MDL-${n}`, name: `Unit ${n}` }));
    const chart = consumptionChart(
      {
        units: many,
        days: [
          {
            date: '2026-11-20',
            totalKwh: 36,
            units: many.map((unit, n) => ({ mdLoadSerial: unit.mdLoadSerial, kwh: n + 1 })),
          },
        ],
        summary: { totalKwh: 36, peakPowerKw: 9, peakAt: null, pricePerKwh: 0.3, currency: 'EUR', cost: 10.8 },
      },
      (date) => date,
      'Others',
    );
    expect(chart.series.map((series) => series.name)).toEqual(['MDL-3', 'MDL-4', 'MDL-5', 'MDL-6', 'MDL-7', 'others']);
    expect(new Set(chart.series.map((series) => series.color)).size).toBe(6);
    expect(chart.data).toEqual([
      { day: '2026-11-20', 'MDL-3': 4, 'MDL-4': 5, 'MDL-5': 6, 'MDL-6': 7, 'MDL-7': 8, others: 6 },
    ]);
  });

  it('joins the units’ power points by time, in time order', () => {
    const chart = powerChart(
      {
        resolution: 'hour',
        units: [
          { mdLoadSerial: 'MDL-1', name: 'Unit 1', points: [{ time: 7200, avgPowerKw: 2, maxPowerKw: 3 }] },
          {
            mdLoadSerial: 'MDL-2',
            name: 'Unit 2',
            points: [
              { time: 3600, avgPowerKw: 1, maxPowerKw: 1 },
              { time: 7200, avgPowerKw: 4.444, maxPowerKw: 5 },
            ],
          },
        ],
      },
      (seconds) => `t${seconds}`,
      'Others',
    );
    expect(chart.data).toEqual([
      { time: 't3600', 'MDL-2': 1 },
      { time: 't7200', 'MDL-1': 2, 'MDL-2': 4.44 },
    ]);
  });

  it('labels the start-SoC buckets and stacks them per station', () => {
    const buckets = [
      { bucket: 'lt20', count: 1 },
      { bucket: 'lt40', count: 2 },
      { bucket: 'lt60', count: 0 },
      { bucket: 'lt80', count: 0 },
      { bucket: 'le100', count: 1 },
    ] as const;
    const charts = startSocCharts(
      {
        sessions: 4,
        buckets: [...buckets],
        stations: [{ name: 'Station 1.1', serialNumber: 'S11', buckets: [...buckets] }],
      },
      'Sessions',
    );
    expect(charts.buckets.data.map((row) => row.bucket)).toEqual(['< 20 %', '< 40 %', '< 60 %', '< 80 %', '≤ 100 %']);
    expect(charts.stations.data).toEqual([{ station: 'Station 1.1', lt20: 1, lt40: 2, lt60: 0, lt80: 0, le100: 1 }]);
  });
});
