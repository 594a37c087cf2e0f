import type { LiveViewResponse } from '@cbm/contracts/live-view';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mergeBatteries } from './change-battery';

const list = (serials: string[]): LiveViewResponse =>
  ({
    batteries: serials.map((serial) => ({ batterySerialNumber: serial, soc: 10 })),
    totalCount: serials.length,
  }) as LiveViewResponse;

describe('mergeBatteries', () => {
  it('merges changes into every cached list of the site, searches included, and leaves other sites alone', () => {
    const client = new QueryClient();
    client.setQueryData(['liveView', 1, ''], list(['a', 'b']));
    client.setQueryData(['liveView', 1, 'b'], list(['b']));
    client.setQueryData(['liveView', 2, ''], list(['b']));
    const untouched = client.getQueryData(['liveView', 1, 'b']);
    mergeBatteries(client, 1, [{ batterySerialNumber: 'a', soc: 55 }]);
    expect(client.getQueryData<LiveViewResponse>(['liveView', 1, ''])?.batteries.map((b) => b.soc)).toEqual([55, 10]);
    expect(client.getQueryData(['liveView', 1, 'b'])).toBe(untouched);
    mergeBatteries(client, 1, [{ batterySerialNumber: 'b', soc: 77 }]);
    expect(client.getQueryData<LiveViewResponse>(['liveView', 1, 'b'])?.batteries[0]?.soc).toBe(77);
    expect(client.getQueryData<LiveViewResponse>(['liveView', 2, ''])?.batteries[0]?.soc).toBe(10);
  });
});
