import { describe, expect, it } from 'vitest';
import { co2KgText, costText, decimalRatio, hoursText, kwhText, roundHalfUp } from './figure-decimals';

describe('exact decimal figures', () => {
  it('rounds exact halves up, where toFixed rounds their binary neighbours down', () => {
    expect((8.7275).toFixed(3)).toBe('8.727');
    expect(kwhText(8_727_500, 3)).toBe('8.728');
    expect(kwhText(45_249_500, 3)).toBe('45.250');
    expect(kwhText(222_788_500, 3)).toBe('222.789');
    expect(kwhText(13_003_500, 3)).toBe('13.004');
    expect(kwhText(13_003_499, 3)).toBe('13.003');
  });

  it('writes hours, CO2 and cost from their integers', () => {
    expect(hoursText(18_000, 2)).toBe('0.01');
    expect(hoursText(17_999, 2)).toBe('0.00');
    expect(hoursText(262_800_000, 2)).toBe('73.00');
    expect(co2KgText(1_000_000, 3)).toBe('0.386');
    expect(co2KgText(1_500_000, 2)).toBe('0.58');
    expect(costText(8_727_500, 0.2, 2)).toBe('1.75');
    expect(costText(10_000_000, 0.3333, 2)).toBe('3.33');
  });

  it('keeps signs and zero digits', () => {
    expect(roundHalfUp(-15n, 10n, 0)).toBe('-2');
    expect(roundHalfUp(0n, 7n, 2)).toBe('0.00');
    expect(roundHalfUp(5n, 1000n, 2)).toBe('0.01');
    expect(decimalRatio(0.1234)).toEqual([1234n, 10000n]);
    expect(decimalRatio(3)).toEqual([3n, 1n]);
    expect(decimalRatio(1e-7)).toEqual([1n, 10_000_000n]);
  });
});
