import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatZonedDate, formatZonedDateTime } from './dates';

describe('zoned dates', () => {
  it("writes an instant in the zone's local time in the language's format", () => {
    const time = new Date('2026-11-21T23:30:00Z');
    expect(formatZonedDateTime(time, 'Europe/Berlin', 'de')).toBe('22.11.2026 00:30');
    expect(formatZonedDateTime(time, 'Europe/Berlin', 'en')).toBe('11-22-2026 00:30');
    expect(formatZonedDateTime(time, 'America/New_York', 'en')).toBe('11-21-2026 18:30');
    expect(formatZonedDateTime(time.getTime(), 'UTC', 'de')).toBe('21.11.2026 23:30');
    expect(formatZonedDateTime('2026-11-21T23:30:00.000Z', 'Asia/Kolkata', 'de')).toBe('22.11.2026 05:00');
    expect(formatZonedDate(time, 'Europe/Berlin', 'en')).toBe('11-22-2026');
  });

  it('follows daylight saving time on both sides of the change', () => {
    expect(formatZonedDateTime(Date.parse('2026-03-29T00:59:00Z'), 'Europe/Berlin', 'de')).toBe('29.03.2026 01:59');
    expect(formatZonedDateTime(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin', 'de')).toBe('29.03.2026 03:00');
    expect(formatZonedDateTime(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Berlin', 'de')).toBe('25.10.2026 02:30');
    expect(formatZonedDateTime(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Berlin', 'de')).toBe('25.10.2026 02:30');
  });

  it('writes a local date in the language format', () => {
    expect(formatLocalDate('2026-12-24', 'de')).toBe('24.12.2026');
    expect(formatLocalDate('2027-03-04', 'en')).toBe('03-04-2027');
  });
});
