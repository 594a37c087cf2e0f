import type { CareBattery } from '@cbm/contracts/battery-care';
import { describe, expect, it } from 'vitest';
import { groupRanking } from './care-ranking';

const battery = (serialNumber: string, groupId: number | null, careScore: number | null) =>
  ({ serialNumber, groupId, groupName: groupId ? `G${groupId}` : null, careScore }) as CareBattery;

describe('groupRanking', () => {
  it('ranks groups by their mean score, worst first, batteries without samples left out of the mean', () => {
    const ranks = groupRanking([
      battery('A', 1, 40),
      battery('B', null, 60),
      battery('C', 1, 90),
      battery('D', 2, null),
    ]);
    expect(ranks.map((rank) => [rank.key, rank.meanScore, rank.worst.serialNumber])).toEqual([
      ['ungrouped', 60, 'B'],
      ['1', 65, 'A'],
      ['2', null, 'D'],
    ]);
  });
});
