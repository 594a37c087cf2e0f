import { describe, expect, it } from 'vitest';
import { dayRange, QUICK_RANGES, quickRange, rangeDays } from './quick-range';

const BERLIN = 'Europe/Berlin';
// Wednesday 2026-11-18, 00:30 in Berlin (23:30 UTC the day before).
const NOW = new Date('2026-11-17T23:30:00Z');

describe('quickRange', () => {
  it.each([
    ['today', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z'],
    ['yesterday', '2026-11-16T23:00:00.000Z', '2026-11-17T23:00:00.000Z'],
    ['thisWeek', '2026-11-15T23:00:00.000Z', '2026-11-22T23:00:00.000Z'],
    ['lastWeek', '2026-11-08T23:00:00.000Z', '2026-11-15T23:00:00.000Z'],
    ['thisMonth', '2026-10-31T23:00:00.000Z', '2026-11-30T23:00:00.000Z'],
    ['lastMonth', '2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z'],
    ['thisYear', '2025-12-31T23:00:00.000Z', '2026-12-31T23:00:00.000Z'],
    ['lastYear', '2024-12-31T23:00:00.000Z', '2025-12-31T23:00:00.000Z'],
  ] as const)('%s in Berlin', (name, from, to) => {
    const range = quickRange(name, BERLIN, NOW);
    expect([range.from.toISOString(), range.to.toISOString(), range.quickRange]).toEqual([from, to, name]);
  });

  it('counts the day in the chosen zone, not the browser’s', () => {
    const range = quickRange('today', 'America/New_York', NOW);
    expect(range.from.toISOString()).toBe('2026-11-17T05:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-11-18T05:00:00.000Z');
  });

  it('gives a 23-hour day at the spring daylight-saving change and a 25-hour one in autumn', () => {
    const spring = quickRange('today', BERLIN, new Date('2026-03-29T12:00:00Z'));
    const autumn = quickRange('today', BERLIN, new Date('2026-10-25T12:00:00Z'));
    expect((spring.to.getTime() - spring.from.getTime()) / 3_600_000).toBe(23);
    expect((autumn.to.getTime() - autumn.from.getTime()) / 3_600_000).toBe(25);
  });

  it('starts weeks on Monday across a year boundary', () => {
    const range = quickRange('thisWeek', 'UTC', new Date('2027-01-01T10:00:00Z'));
    expect(range.from.toISOString()).toBe('2026-12-28T00:00:00.000Z');
  });

  it('always gives from before to', () => {
    for (const name of QUICK_RANGES) {
      const range = quickRange(name, 'Asia/Kolkata', NOW);
      expect(range.from.getTime()).toBeLessThan(range.to.getTime());
    }
  });
});

describe('dayRange and rangeDays', () => {
  it('spans from the first day’s start to the second day’s end, in either order', () => {
    const range = dayRange('2026-03-30', '2026-03-28', BERLIN);
    expect(range.from.toISOString()).toBe('2026-03-27T23:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-30T22:00:00.000Z');
    expect(rangeDays(range, BERLIN)).toEqual(['2026-03-28', '2026-03-30']);
  });
});
