import { describe, expect, it } from 'vitest';
import { lastClosedPeriod } from './report-period';

const at = (iso: string) => Date.parse(iso);
const hours = (period: { fromMs: number; toMs: number }) => (period.toMs - period.fromMs) / 3_600_000;

describe('lastClosedPeriod', () => {
  it('gives last week Monday to Sunday once Monday 00:00 passed in the zone, not before', () => {
    // Monday 2026-11-23 00:30 in Berlin is Sunday 23:30 UTC.
    const week = lastClosedPeriod('weekly', at('2026-11-22T23:30:00Z'), 'Europe/Berlin');
    expect(week).toMatchObject({ firstDate: '2026-11-16', lastDate: '2026-11-22' });
    expect(week.fromMs).toBe(at('2026-11-15T23:00:00Z'));
    expect(week.toMs).toBe(at('2026-11-22T23:00:00Z'));
    // The same instant is still Sunday in New York: the week before is the last closed one there.
    const ny = lastClosedPeriod('weekly', at('2026-11-22T23:30:00Z'), 'America/New_York');
    expect(ny).toMatchObject({ firstDate: '2026-11-09', lastDate: '2026-11-15' });
    expect(ny.fromMs).toBe(at('2026-11-09T05:00:00Z'));
  });

  it('a week across the clock change lasts 167 or 169 hours (Berlin and New York)', () => {
    expect(hours(lastClosedPeriod('weekly', at('2026-03-30T12:00:00Z'), 'Europe/Berlin'))).toBe(167);
    expect(hours(lastClosedPeriod('weekly', at('2026-10-26T12:00:00Z'), 'Europe/Berlin'))).toBe(169);
    const spring = lastClosedPeriod('weekly', at('2026-03-09T12:00:00Z'), 'America/New_York');
    expect(spring).toMatchObject({ firstDate: '2026-03-02', lastDate: '2026-03-08' });
    expect(hours(spring)).toBe(167);
    expect(hours(lastClosedPeriod('weekly', at('2026-11-02T12:00:00Z'), 'America/New_York'))).toBe(169);
  });

  it('a week across a month and a year end', () => {
    expect(lastClosedPeriod('weekly', at('2027-01-04T10:00:00Z'), 'Europe/Berlin')).toMatchObject({
      firstDate: '2026-12-28',
      lastDate: '2027-01-03',
    });
  });

  it('gives last month once the 1st began in the zone, with its local midnights', () => {
    // 2026-03-01 00:30 in Berlin; still February 28 in New York.
    const now = at('2026-02-28T23:30:00Z');
    const february = lastClosedPeriod('monthly', now, 'Europe/Berlin');
    expect(february).toMatchObject({ firstDate: '2026-02-01', lastDate: '2026-02-28' });
    expect(february.fromMs).toBe(at('2026-01-31T23:00:00Z'));
    expect(february.toMs).toBe(at('2026-02-28T23:00:00Z'));
    expect(lastClosedPeriod('monthly', now, 'America/New_York')).toMatchObject({
      firstDate: '2026-01-01',
      lastDate: '2026-01-31',
    });
  });

  it('month edges: leap February, January after December, months with a clock change', () => {
    expect(lastClosedPeriod('monthly', at('2028-03-15T12:00:00Z'), 'Europe/Berlin')).toMatchObject({
      firstDate: '2028-02-01',
      lastDate: '2028-02-29',
    });
    expect(lastClosedPeriod('monthly', at('2027-01-01T06:00:00Z'), 'America/New_York')).toMatchObject({
      firstDate: '2026-12-01',
      lastDate: '2026-12-31',
    });
    expect(hours(lastClosedPeriod('monthly', at('2026-04-10T12:00:00Z'), 'Europe/Berlin'))).toBe(31 * 24 - 1);
    expect(hours(lastClosedPeriod('monthly', at('2026-12-10T12:00:00Z'), 'America/New_York'))).toBe(30 * 24 + 1);
  });
});
