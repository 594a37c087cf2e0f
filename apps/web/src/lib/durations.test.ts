import { describe, expect, it } from 'vitest';
import { elapsed } from './durations';

describe('elapsed', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('says how long in the largest whole unit', () => {
    expect(elapsed('2026-11-24T11:00:00Z', now)).toEqual({ unit: 'days', count: 2 });
    expect(elapsed('2026-11-26T06:59:00Z', now)).toEqual({ unit: 'hours', count: 5 });
    expect(elapsed('2026-11-26T11:57:30Z', now)).toEqual({ unit: 'minutes', count: 2 });
    expect(elapsed('2026-11-26T12:05:00Z', now)).toEqual({ unit: 'minutes', count: 0 });
    expect(elapsed(null, now)).toBeNull();
  });
});
