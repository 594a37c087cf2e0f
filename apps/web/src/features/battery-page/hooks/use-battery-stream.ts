import { LIVE_STREAM_PATH, type LiveBattery } from '@cbm/contracts/live-stream';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fromLiveBattery } from '../../live-view/live-view-model';
import { pageBatteryQuery } from '../api/get-page-battery';

/** Merges the site's pushed changes of this one battery (the live view's stream) into the page's header. */
export function useBatteryStream(operatingSiteId: number, serial: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${LIVE_STREAM_PATH}?operatingSiteId=${operatingSiteId}`);
    const { queryKey } = pageBatteryQuery(operatingSiteId, serial);
    source.addEventListener('battery', (event) => {
      const live = JSON.parse((event as MessageEvent<string>).data) as LiveBattery;
      if (live.batterySerialNumber !== serial) return;
      queryClient.setQueryData<LiveViewBattery>(queryKey, (battery) =>
        battery ? { ...battery, ...fromLiveBattery(live) } : battery,
      );
    });
    return () => source.close();
  }, [operatingSiteId, serial, queryClient]);
}
