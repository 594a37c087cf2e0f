import { liveStreamUrl } from '@cbm/contracts/endpoints/live';
import type { LiveBattery } from '@cbm/contracts/live-stream';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followConnection } from '../../../lib/connection/connection-state';
import { fromLiveBattery } from '../../live-view';
import { pageBatteryQuery } from '../api/get-page-battery';

/** Merges the pushed changes of this one battery (the live stream, narrowed to it) into the page's header. */
export function useBatteryStream(operatingSiteId: number, serial: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(
      liveStreamUrl(operatingSiteId, { events: ['battery'], batterySerialNumber: serial }),
    );
    const unfollow = followConnection(source);
    const { queryKey } = pageBatteryQuery(operatingSiteId, serial);
    source.addEventListener('battery', (event) => {
      const live = JSON.parse((event as MessageEvent<string>).data) as LiveBattery;
      // A replica of the release before sends every battery of the site: it does not know the narrowing.
      if (live.batterySerialNumber !== serial) return;
      queryClient.setQueryData<LiveViewBattery>(queryKey, (battery) =>
        battery ? { ...battery, ...fromLiveBattery(live) } : battery,
      );
    });
    return () => {
      unfollow();
      source.close();
    };
  }, [operatingSiteId, serial, queryClient]);
}
