import { describe, expect, it } from 'vitest';
import { type RollupPoint, rollUpBattery, toRollupPoint } from './attribution';
import { optionsFor, point, toSample } from './test/rollup-test-data';

const HOUR = 3_600_000;
const BERLIN = optionsFor(new Map([[1, 'Europe/Berlin']]));
const run = (points: RollupPoint[], options = BERLIN) => rollUpBattery('B1', undefined, points, options);
const day = (points: RollupPoint[], date: string, options = BERLIN) =>
  run(points, options)?.days.find((totals) => totals.date === date);

/** Samples every 10 minutes from `fromIso` to `toIso` in one state. */
function every10Minutes(fromIso: string, toIso: string, overrides: Partial<RollupPoint> = {}): RollupPoint[] {
  const points: RollupPoint[] = [];
  for (let ts = Date.parse(fromIso); ts <= Date.parse(toIso); ts += 600_000) {
    points.push(point(new Date(ts).toISOString(), overrides));
  }
  return points;
}

describe('interval attribution', () => {
  it('gives an interval the state and SoC of its earlier sample', () => {
    const totals = day(
      [
        point('2026-05-04T08:00:00Z', { state: 'discharging', soc: 15 }),
        point('2026-05-04T08:10:00Z', { state: 'charging', soc: 40 }),
      ],
      '2026-05-04',
    );
    expect(totals).toMatchObject({ dischargingMs: 600_000, chargingMs: 0, lowSocMs: 600_000, minSoc: 15 });
  });

  it('splits an interval at local midnight, energy in proportion to time', () => {
    const result = run([
      point('2026-05-04T21:50:00Z', { state: 'discharging', dischargedUkwh: 0 }),
      point('2026-05-04T22:05:00Z', { state: 'discharging', dischargedUkwh: 3_000_000 }),
    ]);
    expect(result?.days.map((d) => [d.date, d.operatingMs, d.dischargedUkwh])).toEqual([
      ['2026-05-04', 600_000, 2_000_000],
      ['2026-05-05', 300_000, 1_000_000],
    ]);
  });

  it('keeps energy exact when it does not divide evenly', () => {
    const result = run([
      point('2026-05-04T21:50:00Z', { chargedUkwh: 0 }),
      point('2026-05-04T22:05:00Z', { chargedUkwh: 1 }),
    ]);
    expect(result?.days.reduce((sum, d) => sum + d.chargedUkwh, 0)).toBe(1);
  });

  it('counts 23 hours on the day DST starts and 25 on the day it ends (Berlin)', () => {
    expect(day(every10Minutes('2026-03-28T22:00:00Z', '2026-03-29T23:00:00Z'), '2026-03-29')?.operatingMs).toBe(
      23 * HOUR,
    );
    expect(day(every10Minutes('2026-10-24T21:00:00Z', '2026-10-25T23:00:00Z'), '2026-10-25')?.operatingMs).toBe(
      25 * HOUR,
    );
  });

  it('counts a gap above the limit as offline, not operating, but keeps its energy', () => {
    const totals = day(
      [
        point('2026-05-04T08:00:00Z', { state: 'charging', chargedUkwh: 0 }),
        point('2026-05-04T08:20:00Z', { state: 'charging', chargedUkwh: 4_000_000 }),
      ],
      '2026-05-04',
    );
    expect(totals).toMatchObject({ offlineMs: 20 * 60_000, operatingMs: 0, chargingMs: 0, chargedUkwh: 4_000_000 });
    expect(totals?.minSoc).toBeNull();
  });

  it('treats a counter that went down as reset: that interval adds nothing, later ones count again', () => {
    const totals = day(
      [
        point('2026-05-04T08:00:00Z', { chargedUkwh: 900_000_000 }),
        point('2026-05-04T08:05:00Z', { chargedUkwh: 2_000_000 }),
        point('2026-05-04T08:10:00Z', { chargedUkwh: 5_000_000 }),
      ],
      '2026-05-04',
    );
    expect(totals?.chargedUkwh).toBe(3_000_000);
  });

  it('ignores samples at or before the cursor', () => {
    const first = run([point('2026-05-04T08:00:00Z'), point('2026-05-04T08:10:00Z')]);
    const late = [point('2026-05-04T08:05:00Z', { state: 'error' }), point('2026-05-04T08:10:00Z', { state: 'error' })];
    expect(rollUpBattery('B1', first?.cursor, late, BERLIN)).toBeUndefined();
  });

  it('converts counters to exact micro-kWh', () => {
    const sample = toSample('B1', point('2026-05-04T08:00:00Z', { chargedUkwh: 12_345_678_901 }));
    expect(toRollupPoint({ ...sample, totalEnergyChargedKwh: 12_345.678901 }).chargedUkwh).toBe(12_345_678_901);
  });
});

describe('charge sessions', () => {
  const charging = (iso: string, soc: number, chargedUkwh: number, chargerSerial: string | null = 'CH-1') =>
    point(iso, { state: 'charging', soc, chargedUkwh, chargerSerial });

  it('runs from the first charging sample to the first sample that is not charging', () => {
    const result = run([
      point('2026-05-04T08:00:00Z', { state: 'discharging', soc: 30, chargedUkwh: 0 }),
      charging('2026-05-04T08:05:00Z', 28, 0, null),
      charging('2026-05-04T08:15:00Z', 40, 2_000_000, 'CH-7'),
      point('2026-05-04T08:25:00Z', { state: 'standby', soc: 52, chargedUkwh: 4_000_000 }),
    ]);
    expect(result?.sessions).toEqual([
      {
        serialNumber: 'B1',
        siteId: 1,
        startAt: Date.parse('2026-05-04T08:05:00Z'),
        endAt: Date.parse('2026-05-04T08:25:00Z'),
        startSoc: 28,
        endSoc: 52,
        energyUkwh: 4_000_000,
        chargerSerial: 'CH-7',
        open: false,
      },
    ]);
    expect(result?.days[0]?.chargeSessions).toBe(1);
  });

  it('ends at the last charging sample when a gap follows, and a new session starts after it', () => {
    const result = run([
      charging('2026-05-04T08:00:00Z', 20, 0),
      charging('2026-05-04T08:10:00Z', 30, 1_000_000),
      charging('2026-05-04T09:00:00Z', 60, 5_000_000),
    ]);
    expect(result?.sessions.map((s) => [new Date(s.endAt).toISOString(), s.endSoc, s.energyUkwh, s.open])).toEqual([
      ['2026-05-04T08:10:00.000Z', 30, 1_000_000, false],
      ['2026-05-04T09:00:00.000Z', 60, 0, true],
    ]);
  });

  it('continues an open session in the next batch', () => {
    const first = run([charging('2026-05-04T21:50:00Z', 10, 0), charging('2026-05-04T21:55:00Z', 12, 500_000)]);
    expect(first?.sessions[0]?.open).toBe(true);
    const second = rollUpBattery(
      'B1',
      first?.cursor,
      [charging('2026-05-04T22:05:00Z', 15, 1_500_000), point('2026-05-04T22:10:00Z', { soc: 17 })],
      BERLIN,
    );
    expect(second?.sessions).toEqual([
      expect.objectContaining({ startAt: Date.parse('2026-05-04T21:50:00Z'), energyUkwh: 1_500_000, open: false }),
    ]);
    expect(second?.days.map((d) => d.chargeSessions)).toEqual([0, 0]);
  });
});
