import { describe, expect, it } from 'vitest';
import { formatPeriod } from './export-csv';

describe('export period labels', () => {
  it('labels a whole month with the month and a partial one with its days, as partial weeks are', () => {
    const dates = { firstDate: '2025-12-29', lastDate: '2026-02-10' };
    expect(formatPeriod('2025-12', 'monthly', 'en', dates)).toBe('12-29-2025 – 12-31-2025');
    expect(formatPeriod('2025-12', 'monthly', 'de', dates)).toBe('29.12.2025 – 31.12.2025');
    expect(formatPeriod('2026-01', 'monthly', 'en', dates)).toBe('01-2026');
    expect(formatPeriod('2026-02', 'monthly', 'de', dates)).toBe('01.02.2026 – 10.02.2026');
    expect(formatPeriod('2026-02', 'monthly', 'de', { firstDate: '2026-02-01', lastDate: '2026-02-28' })).toBe(
      '02.2026',
    );
  });
});
