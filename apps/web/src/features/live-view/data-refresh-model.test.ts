import { describe, expect, it } from 'vitest';
import { isRefreshing, refreshText, secondsUntil } from './data-refresh-model';

describe("'Update data' progress", () => {
  it('runs while asking and waiting; the results end it', () => {
    expect(isRefreshing({ phase: 'asking' })).toBe(true);
    expect(isRefreshing({ phase: 'waiting', secondsLeft: 12 })).toBe(true);
    for (const phase of ['updated', 'upToDate', 'timeout', 'failed'] as const)
      expect(isRefreshing({ phase })).toBe(false);
    expect(isRefreshing(undefined)).toBe(false);
  });

  it('counts the seconds left down from 60, never below 0', () => {
    const deadline = 1_000_000 + 60_000;
    expect(secondsUntil(deadline, 1_000_000)).toBe(60);
    expect(secondsUntil(deadline, 1_000_001)).toBe(60);
    expect(secondsUntil(deadline, 1_059_500)).toBe(1);
    expect(secondsUntil(deadline, 1_061_000)).toBe(0);
  });

  it('names the text of each phase, with the seconds left while waiting', () => {
    expect(refreshText({ phase: 'waiting', secondsLeft: 42 })).toEqual(['liveView.refresh.waiting', { seconds: 42 }]);
    expect(refreshText({ phase: 'timeout' })).toEqual(['liveView.refresh.timeout', {}]);
  });
});
