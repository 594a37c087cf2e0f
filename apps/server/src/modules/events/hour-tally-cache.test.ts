import { describe, expect, it } from 'vitest';
import { hourTallyCache } from './hour-tally-cache';

const tally = (matching: number) => ({ events: 100, matching });

describe('hourTallyCache', () => {
  it('keeps what it learnt per filter and replaces an hour learnt again', () => {
    const cache = hourTallyCache();
    cache.learn('a', [[1, tally(3)]]);
    cache.learn('a', [
      [1, tally(4)],
      [2, tally(5)],
    ]);
    cache.learn('b', [[1, tally(9)]]);
    expect([...(cache.of('a') ?? [])]).toEqual([
      [1, tally(4)],
      [2, tally(5)],
    ]);
    expect(cache.of('b')?.get(1)).toEqual(tally(9));
    expect(cache.of('c')).toBeUndefined();
  });

  it('forgets the filters used least recently past its size', () => {
    const cache = hourTallyCache(4);
    cache.learn('a', [
      [1, tally(1)],
      [2, tally(1)],
    ]);
    cache.learn('b', [[1, tally(2)]]);
    cache.of('a');
    cache.learn('c', [
      [1, tally(3)],
      [2, tally(3)],
    ]);
    expect(cache.of('b')).toBeUndefined();
    expect(cache.of('a')?.size).toBe(2);
    expect(cache.of('c')?.size).toBe(2);
  });
});
