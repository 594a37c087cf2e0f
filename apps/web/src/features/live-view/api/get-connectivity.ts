import type { LiveViewConnectivity } from '@cbm/contracts/live-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LIVE_VIEW_PATH } from './get-live-view';

const RECHECK_MS = 60_000;

/** GET /battery/BatteryLiveView/connectivity: the 'Attention!' banner's rule, checked every minute. */
export const connectivityQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['liveView', 'connectivity', operatingSiteId],
    queryFn: () =>
      api<LiveViewConnectivity>(`${LIVE_VIEW_PATH}/connectivity`, { query: { operatingSiteId }, silent: true }),
    refetchInterval: RECHECK_MS,
  });

export const useConnectivity = (operatingSiteId: number) => useQuery(connectivityQuery(operatingSiteId));
