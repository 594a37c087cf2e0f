import { liveViewEndpoints } from '@cbm/contracts/endpoints/live-view';
import type { LiveViewBattery, LiveViewBatteryChangeBody, LiveViewResponse } from '@cbm/contracts/live-view';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Puts batteries' new states into every cached list of their site (searches included), one copy per list. */
export function mergeBatteries(
  queryClient: QueryClient,
  operatingSiteId: number,
  changes: readonly Partial<LiveViewBattery>[],
) {
  const bySerial = new Map(changes.map((change) => [change.batterySerialNumber, change]));
  queryClient.setQueriesData<LiveViewResponse>({ queryKey: ['liveView', operatingSiteId] }, (data) => {
    if (!data || !('batteries' in data)) return data;
    let changed = false;
    const batteries = data.batteries.map((battery) => {
      const change = bySerial.get(battery.batterySerialNumber);
      if (!change) return battery;
      changed = true;
      return { ...battery, ...change };
    });
    return changed ? { ...data, batteries } : data;
  });
}

export const mergeBattery = (queryClient: QueryClient, operatingSiteId: number, battery: Partial<LiveViewBattery>) =>
  mergeBatteries(queryClient, operatingSiteId, [battery]);

/** POST /battery/BatteryLiveView/{serial}: move to a group ('' = Ungrouped) and/or rename. */
export function useChangeBattery(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serial, change }: { serial: string; change: LiveViewBatteryChangeBody }) =>
      call(liveViewEndpoints.changeBattery, {
        params: { serial },
        query: { operatingSiteId },
        body: change,
      }),
    onSuccess: (battery) => mergeBattery(queryClient, operatingSiteId, battery),
  });
}
