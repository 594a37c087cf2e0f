import { describe, expect, it } from 'vitest';
import { reportFormat } from './report-format';
import { axisStep } from './report-pdf-chart';

const instant = Date.parse('2026-03-29T01:30:00Z');

describe('report formats (business constants)', () => {
  it('writes dates as DD.MM.YYYY in German and MM-DD-YYYY in English, in the report zone', () => {
    expect(reportFormat('de', 'Europe/Berlin').dateTime(instant)).toBe('29.03.2026 03:30');
    expect(reportFormat('en', 'America/New_York').dateTime(instant)).toBe('03-28-2026 21:30');
    expect(reportFormat('en', 'UTC').date(instant)).toBe('03-29-2026');
    expect(reportFormat('de', 'UTC').localDate('2026-12-24')).toBe('24.12.2026');
  });

  it('writes numbers and money with the language separators and plain spaces', () => {
    const de = reportFormat('de', 'UTC');
    const en = reportFormat('en', 'UTC');
    expect(de.number(1234.5)).toBe('1.234,50');
    expect(en.number(1234.5)).toBe('1,234.50');
    expect(de.money(1234.5, 'EUR')).toBe('1.234,50 €');
    expect(en.money(0.3125, 'EUR', 4)).toBe('€0.3125');
    expect(de.money(12, 'CHF')).toBe('12,00 CHF');
  });

  it('finds round chart axis steps', () => {
    expect([0, 3, 9, 40, 123, 0.5].map(axisStep)).toEqual([1, 1, 5, 10, 50, 0.2]);
  });
});
