import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { point } from '../battery-days/test/rollup-test-data';
import { computeReportFigures, reportAccumulator, startSocBucket } from './report-figures';

const KWH = 1_000_000;
const STEP = 600_000;
const at = (n: number) => Date.parse('2026-11-20T10:00:00Z') + n * STEP;
/** 10-minute samples: standby, 70 min charging from 30 % (+0.5 kWh a step), 60 min driving (0.5 kWh a step), standby. */
const SHIFT = Array.from({ length: 16 }, (_, n) => ({
  ...point('2026-11-20T10:00:00Z'),
  ts: at(n),
  state: n === 0 || n >= 14 ? ('standby' as const) : n <= 7 ? ('charging' as const) : ('discharging' as const),
  soc: n === 0 ? 50 : n <= 7 ? 30 + n * 5 : 65 - (n - 7) * 4,
  chargerSerial: n >= 1 && n <= 7 ? 'CH-1' : null,
  chargedUkwh: Math.min(Math.max(n - 1, 0), 7) * 0.5 * KWH,
  dischargedUkwh: Math.min(Math.max(n - 8, 0), 6) * 0.5 * KWH,
}));
const options = { timeZone: 'Europe/Berlin' };

describe('report figures', () => {
  it('computes energy, cost, CO2, sessions and hours of a shift', () => {
    const figures = computeReportFigures('B-1', SHIFT, options);
    expect(figures).toMatchObject({
      samples: 16,
      chargeSessions: 1,
      startSocBuckets: [0, 1, 0, 0, 0],
      minSoc: 35,
      maxSoc: 65,
      totals: {
        chargedUkwh: 3.5 * KWH,
        dischargedUkwh: 3 * KWH,
        chargingMs: 70 * 60_000,
        dischargingMs: 60 * 60_000,
        standbyMs: 20 * 60_000,
        operatingMs: 150 * 60_000,
        offlineMs: 0,
      },
    });
    expect(figures.days).toEqual([
      { date: '2026-11-20', chargedKwh: 3.5, dischargedKwh: 3, operatingHours: 2.5, chargingHours: 70 / 60 },
    ]);
  });

  it('lists every local day of the period, the DST day with 23 hours, and gaps as offline', () => {
    const start = Date.parse('2026-03-28T23:00:00Z');
    const series = Array.from({ length: 23 * 6 + 1 }, (_, n) => ({
      ...point('2026-01-01T00:00:00Z'),
      ts: start + n * STEP,
    }));
    const withGap = [...series.slice(0, 60), ...series.slice(62)];
    const period = { fromMs: Date.parse('2026-03-27T23:00:00Z'), toMs: Date.parse('2026-03-30T22:00:00Z') };
    const figures = computeReportFigures('B-1', withGap, { ...options, period });
    expect(figures.days.map((day) => day.date)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(figures.days[1]?.operatingHours).toBe(22.5);
    expect(figures.totals.offlineMs).toBe(30 * 60_000);
    expect(figures.days[0]?.operatingHours).toBe(0);
  });

  it('puts start SoC into the buckets <20, <40, <60, <80, ≤100', () => {
    expect([0, 19.99, 20, 39.9, 40, 59, 60, 79.99, 80, 100].map(startSocBucket)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
  });

  it('gives the same figures however the samples are split into batches', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: SHIFT.length - 1 }), { maxLength: 4 }), (cuts) => {
        const accumulator = reportAccumulator('B-1', options.timeZone);
        const bounds = [0, ...[...new Set(cuts)].sort((a, b) => a - b), SHIFT.length];
        for (let n = 1; n < bounds.length; n++) accumulator.add(SHIFT.slice(bounds[n - 1], bounds[n]));
        expect(accumulator.figures()).toEqual(computeReportFigures('B-1', SHIFT, options));
      }),
    );
  });
});
