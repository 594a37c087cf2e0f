import { liveStreamUrl } from '@cbm/contracts/endpoints/live';
import type { LiveBattery } from '@cbm/contracts/live-stream';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followConnection } from '../../../lib/connection/connection-state';
import { mergeBatteries } from '../api/change-battery';
import { fromLiveBattery } from '../live-view-model';

/** Pushed changes are merged at most this often: one pass over a 99,999-battery list, not one per event. */
const FLUSH_MS = 500;

/** Merges the site's pushed battery changes (Server-Sent Events) into the cached live view. */
export function useLiveStream(operatingSiteId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(liveStreamUrl(operatingSiteId, { events: ['battery'] }));
    const unfollow = followConnection(source);
    const pending = new Map<string, LiveBattery>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const now = Date.now();
      mergeBatteries(
        queryClient,
        operatingSiteId,
        [...pending.values()].map((live) => fromLiveBattery(live, now)),
      );
      pending.clear();
    };
    source.addEventListener('battery', (event) => {
      const live = JSON.parse((event as MessageEvent<string>).data) as LiveBattery;
      pending.set(live.batterySerialNumber, live);
      timer ??= setTimeout(flush, FLUSH_MS);
    });
    return () => {
      clearTimeout(timer);
      unfollow();
      source.close();
    };
  }, [operatingSiteId, queryClient]);
}
