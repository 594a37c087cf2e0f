import { describe, expect, it } from 'vitest';
import { formatNumberText, parseNumberText } from './number-text';

describe('number fields', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['0.1234', 0.1234],
    ['0,1234', 0.1234],
    [' -33.5 ', -33.5],
    ['+7', 7],
    ['.5', 0.5],
    ['12.', 12],
  ])('reads %j as %j', (text, value) => {
    expect(parseNumberText(text)).toBe(value);
  });

  it.each(['abc', '1.000,5', '1,2,3', '1e3', '0x10', '12 kWh', '-', ','])('reads %j as not a number', (text) => {
    expect(parseNumberText(text)).toBeNaN();
  });

  it('writes the decimal separator of the language', () => {
    expect(formatNumberText(0.29, 'de')).toBe('0,29');
    expect(formatNumberText(-33.5, 'en')).toBe('-33.5');
    expect(formatNumberText(12, 'de')).toBe('12');
  });
});
