import type { Alarm } from '@cbm/contracts/alarms';
import { LIVE_STREAM_MAX_SITES } from '@cbm/contracts/live-stream';
import { describe, expect, it } from 'vitest';
import { alarmStreamSites } from './alarm-stream-sites';

const alarmAt = (operatingSiteId: number) => ({ operatingSiteId }) as Alarm;

describe('alarm stream sites', () => {
  it('follows every site where the user sees alarms', () => {
    expect(alarmStreamSites([alarmAt(9), alarmAt(7), alarmAt(9)], [1, 2, 3, 7, 9])).toEqual([1, 2, 3, 7, 9]);
    expect(alarmStreamSites(undefined, [4, 2])).toEqual([2, 4]);
    expect(alarmStreamSites([alarmAt(3)], [])).toEqual([]);
  });

  it("follows the listed alarms' sites first where there are more than one stream may follow", () => {
    const sites = [...Array.from({ length: LIVE_STREAM_MAX_SITES }, (_, n) => n + 1), 4000, 5000];
    const followed = alarmStreamSites([alarmAt(5000), alarmAt(4000)], sites);
    expect(followed).toHaveLength(LIVE_STREAM_MAX_SITES);
    expect(followed.slice(-2)).toEqual([4000, 5000]);
  });
});
