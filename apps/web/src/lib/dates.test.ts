import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

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
});
