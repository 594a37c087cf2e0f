import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeIn } from './dates';

describe('date formats (business constants)', () => {
  const moment = new Date(2026, 10, 21, 9, 5);
  it('German: DD.MM.YYYY and DD.MM.YYYY HH:mm', () => {
    expect(formatDate(moment, 'de')).toBe('21.11.2026');
    expect(formatDateTime(moment, 'de')).toBe('21.11.2026 09:05');
  });
  it('English: MM-DD-YYYY and MM-DD-YYYY HH:mm', () => {
    expect(formatDate(moment, 'en')).toBe('11-21-2026');
    expect(formatDateTime(moment, 'en')).toBe('11-21-2026 09:05');
  });

  it('in a time zone: as its clocks show it, midnight as 00', () => {
    expect(formatDateTimeIn('2026-11-21T08:05:00.000Z', 'de', 'Europe/Berlin')).toBe('21.11.2026 09:05');
    expect(formatDateTimeIn('2026-11-20T23:30:00.000Z', 'en', 'Europe/Berlin')).toBe('11-21-2026 00:30');
    expect(formatDateTimeIn(Date.UTC(2026, 6, 1, 12, 0), 'en', 'America/New_York')).toBe('07-01-2026 08:00');
  });
});
