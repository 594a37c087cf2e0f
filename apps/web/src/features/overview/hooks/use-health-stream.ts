import { LIVE_STREAM_PATH } from '@cbm/contracts/live-stream';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FLEET_HEALTH_KEY } from '../api/get-fleet-health';

/** Changes arriving together refetch the figures once. */
const DEBOUNCE_MS = 1000;

/** Refetches the fleet health when a battery of one of the sites changes (their live streams, decision 039). */
export function useHealthStream(siteIds: readonly number[]) {
  const queryClient = useQueryClient();
  const key = siteIds.join(',');
  useEffect(() => {
    if (typeof EventSource === 'undefined' || key === '') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: [FLEET_HEALTH_KEY] });
    };
    const sources = key.split(',').map((siteId) => {
      const source = new EventSource(`${LIVE_STREAM_PATH}?operatingSiteId=${siteId}`);
      source.addEventListener('battery', () => {
        timer ??= setTimeout(refetch, DEBOUNCE_MS);
      });
      return source;
    });
    return () => {
      clearTimeout(timer);
      for (const source of sources) source.close();
    };
  }, [key, queryClient]);
}
