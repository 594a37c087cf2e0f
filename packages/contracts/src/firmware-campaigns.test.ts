import { describe, expect, it } from 'vitest';
import { campaignCreateSchema, inWindow, waveFailed, waveOf } from './firmware-campaigns';

const waves = (count: number, shares: number[]) =>
  Array.from({ length: count }, (_, index) => waveOf(index, count, shares));
const sizes = (assigned: number[]) =>
  assigned.reduce<number[]>((all, wave) => {
    all[wave - 1] = (all[wave - 1] ?? 0) + 1;
    return all;
  }, []);

describe('campaign waves', () => {
  it('cuts the batteries in order, rounding each wave up', () => {
    expect(sizes(waves(60, [5, 25, 70]))).toEqual([3, 15, 42]);
    expect(sizes(waves(30, [10, 40, 50]))).toEqual([3, 12, 15]);
    expect(sizes(waves(10_000, [5, 25, 70]))).toEqual([500, 2500, 7000]);
  });

  it('gives every wave a battery while any remain, and never more waves than batteries', () => {
    expect(sizes(waves(3, [5, 25, 70]))).toEqual([1, 1, 1]);
    expect(sizes(waves(2, [5, 25, 70]))).toEqual([1, 1]);
    expect(waves(1, [50, 50])).toEqual([1]);
  });

  it('fails a wave only above the threshold', () => {
    expect(waveFailed(1, 10, 10)).toBe(false);
    expect(waveFailed(2, 10, 10)).toBe(true);
    expect(waveFailed(0, 0, 0)).toBe(false);
  });

  it('requires waves that add up to 100', () => {
    const base = { name: 'x', releaseId: 1, operatingSiteIds: [1] };
    expect(campaignCreateSchema.safeParse({ ...base, waves: [50, 40] }).success).toBe(false);
    expect(campaignCreateSchema.parse(base).waves).toEqual([5, 25, 70]);
  });
});

describe('site windows', () => {
  it('opens all day without a window, within it otherwise; a window may span midnight', () => {
    expect(inWindow(undefined, 720)).toBe(true);
    expect(inWindow({ from: '08:00', to: '17:00' }, 8 * 60)).toBe(true);
    expect(inWindow({ from: '08:00', to: '17:00' }, 17 * 60)).toBe(false);
    expect(inWindow({ from: '22:00', to: '05:00' }, 23 * 60)).toBe(true);
    expect(inWindow({ from: '22:00', to: '05:00' }, 4 * 60 + 59)).toBe(true);
    expect(inWindow({ from: '22:00', to: '05:00' }, 12 * 60)).toBe(false);
  });
});
