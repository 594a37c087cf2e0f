import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, zoneLabel } from './dates';

describe('date formats (business constants)', () => {
  const moment = new Date(2026, 10, 21, 9, 5);
  it('German: DD.MM.YYYY, English: MM-DD-YYYY', () => {
    expect(formatDate(moment, 'de')).toBe('21.11.2026');
    expect(formatDate(moment, 'en')).toBe('11-21-2026');
  });

  it('a moment as the clocks of the zone show it, midnight as 00, whatever zone the browser is in', () => {
    expect(formatDateTime('2026-11-21T08:05:00.000Z', 'de', 'Europe/Berlin')).toBe('21.11.2026 09:05');
    expect(formatDateTime('2026-11-20T23:30:00.000Z', 'en', 'Europe/Berlin')).toBe('11-21-2026 00:30');
    expect(formatDateTime(Date.UTC(2026, 6, 1, 12, 0), 'en', 'America/New_York')).toBe('07-01-2026 08:00');
  });

  it('with seconds where a view tells events a second apart', () => {
    expect(formatDateTime('2026-12-05T13:35:45.000Z', 'de', 'Europe/Berlin', { seconds: true })).toBe(
      '05.12.2026 14:35:45',
    );
    expect(formatDateTime('2026-12-05T13:35:45.000Z', 'en', 'UTC', { seconds: true })).toBe('12-05-2026 13:35:45');
  });

  it('names the zone with its abbreviation at that moment (summer and winter)', () => {
    expect(zoneLabel('Europe/Berlin', 'en', Date.UTC(2026, 11, 5))).toBe('Europe/Berlin (GMT+1)');
    expect(zoneLabel('Europe/Berlin', 'de', Date.UTC(2026, 6, 5))).toBe('Europe/Berlin (MESZ)');
    expect(zoneLabel('UTC', 'en', Date.UTC(2026, 6, 5))).toBe('UTC');
  });
});
