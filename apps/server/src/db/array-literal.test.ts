import { describe, expect, it } from 'vitest';
import { booleanArray, numberArray, textArray } from './array-literal';

describe('array literals', () => {
  it('quotes every text, so commas, braces, blanks and NULL stay text; null is NULL', () => {
    expect(textArray(['E412', 'a,b', '{x}', ' NULL ', 'NULL', null])).toBe('{"E412","a,b","{x}"," NULL ","NULL",NULL}');
  });

  it('escapes quotes and backslashes', () => {
    expect(textArray(['say "hi"', 'C:\\x'])).toBe('{"say \\"hi\\"","C:\\\\x"}');
  });

  it('nests: an array literal as a text element', () => {
    expect(textArray([textArray(['E412', 'W "1"']), textArray([])])).toBe(
      '{"{\\"E412\\",\\"W \\\\\\"1\\\\\\"\\"}","{}"}',
    );
  });

  it('writes numbers and booleans bare', () => {
    expect(numberArray([63.4, -142.5, 0, null, 1e-7])).toBe('{63.4,-142.5,0,NULL,1e-7}');
    expect(booleanArray([true, false, null])).toBe('{t,f,NULL}');
    expect(textArray([])).toBe('{}');
  });
});
