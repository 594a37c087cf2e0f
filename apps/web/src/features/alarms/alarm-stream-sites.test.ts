import type { Alarm } from '@cbm/contracts/alarms';
import { describe, expect, it } from 'vitest';
import { alarmStreamSites } from './alarm-stream-sites';

const alarmAt = (operatingSiteId: number) => ({ operatingSiteId }) as Alarm;

describe('alarm stream sites', () => {
  it("follows the listed alarms' sites first, then the others, at most four", () => {
    expect(alarmStreamSites([alarmAt(9), alarmAt(7), alarmAt(9)], [1, 2, 3, 7, 9])).toEqual([1, 2, 7, 9]);
    expect(alarmStreamSites([alarmAt(9), alarmAt(8), alarmAt(7), alarmAt(6), alarmAt(5)], [1])).toEqual([6, 7, 8, 9]);
  });

  it('follows the user’s sites while no alarms are loaded', () => {
    expect(alarmStreamSites(undefined, [4, 2])).toEqual([2, 4]);
    expect(alarmStreamSites([], [])).toEqual([]);
  });
});
