import type { ProfilePoint } from '@cbm/contracts/battery-profile';
import { describe, expect, it } from 'vitest';
import { bucketDuration, hasSamples, lastDays, profileRows } from './profile-series';

const point = (ts: string, values: Partial<ProfilePoint> = {}): ProfilePoint => ({
  ts,
  samples: 1,
  state: 'charging',
  soc: 50,
  current: 100,
  voltage: 52,
  minCellVoltage: 3.2,
  maxCellVoltage: 3.3,
  minCellTemperature: 20,
  maxCellTemperature: 25,
  boardTemperature: 30,
  ...values,
});

describe('profileRows', () => {
  it("labels each point in the site's time zone and turns the state into a level", () => {
    const rows = profileRows(
      [point('2026-11-21T09:00:00.000Z'), point('2026-11-21T09:05:00.000Z', { state: 'error' })],
      'Europe/Berlin',
      'de',
    );
    expect(rows.map((row) => [row.time, row.stateLevel])).toEqual([
      ['21.11. 10:00', 0],
      ['21.11. 10:05', 4],
    ]);
    expect(profileRows([point('2026-11-21T09:00:00.000Z')], 'America/New_York', 'en')[0]?.time).toBe('11-21 04:00');
  });

  it('keeps empty buckets with nulls, so that the lines break there', () => {
    const [row] = profileRows([point('2026-11-21T09:00:00.000Z', { samples: 0, state: null, soc: null })], 'UTC', 'en');
    expect(row).toMatchObject({ stateLevel: null, soc: null });
    expect(hasSamples([point('2026-11-21T09:00:00.000Z', { samples: 0 })])).toBe(false);
  });
});

describe('lastDays', () => {
  it('spans whole days in the zone, today included', () => {
    const range = lastDays(7, 'Europe/Berlin', new Date('2026-11-21T12:00:00Z'));
    expect(range.from.toISOString()).toBe('2026-11-14T23:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });
});

describe('bucketDuration', () => {
  it('picks seconds, minutes or hours', () => {
    expect(bucketDuration(30)).toEqual({ unit: 'seconds', count: 30 });
    expect(bucketDuration(605)).toEqual({ unit: 'minutes', count: 10 });
    expect(bucketDuration(31_536)).toEqual({ unit: 'hours', count: 8.8 });
  });
});
