import { describe, expect, it } from 'vitest';
import { dayRange, HOUR_MS, periodOf, periodsOf, QUARTER_HOUR_MS, startsOnGrid } from './periods';

describe('statistics periods', () => {
  it('widens a range to the local days it touches, `to` exclusive', () => {
    expect(dayRange('2026-03-28T23:00:00Z', '2026-03-30T22:00:00Z', 'Europe/Berlin')).toEqual({
      timeZone: 'Europe/Berlin',
      firstDate: '2026-03-29',
      lastDate: '2026-03-30',
      startMs: Date.parse('2026-03-28T23:00:00Z'),
      endMs: Date.parse('2026-03-30T22:00:00Z'),
    });
    expect(dayRange('2026-03-29T10:00:00Z', '2026-03-29T10:00:01Z', 'UTC').lastDate).toBe('2026-03-29');
  });

  it('starts weeks on Monday and months on the 1st', () => {
    expect(periodOf('2026-11-01', 'week')).toBe('2026-10-26');
    expect(periodOf('2026-11-02', 'week')).toBe('2026-11-02');
    expect(periodOf('2026-11-30', 'month')).toBe('2026-11-01');
    const range = dayRange('2026-10-28T00:00:00Z', '2026-11-04T00:00:00Z', 'UTC');
    expect(periodsOf(range, 'week')).toEqual(['2026-10-26', '2026-11-02']);
    expect(periodsOf(range, 'month')).toEqual(['2026-10-01', '2026-11-01']);
  });

  it('knows which zones start their days on full UTC hours, and on quarter hours', () => {
    const range = (timeZone: string) => dayRange('2026-03-20T00:00:00Z', '2026-11-05T00:00:00Z', timeZone);
    expect(startsOnGrid(range('America/New_York'), HOUR_MS)).toBe(true);
    for (const zone of ['Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Adelaide', 'America/St_Johns']) {
      expect(startsOnGrid(range(zone), HOUR_MS)).toBe(false);
      expect(startsOnGrid(range(zone), QUARTER_HOUR_MS)).toBe(true);
    }
  });
});
