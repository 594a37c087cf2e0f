import { liveViewEndpoints } from '@cbm/contracts/endpoints/live-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

const RECHECK_MS = 60_000;

/** GET /battery/BatteryLiveView/connectivity: the 'Attention!' banner's rule, checked every minute. */
export const connectivityQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['liveView', 'connectivity', operatingSiteId],
    queryFn: () => call(liveViewEndpoints.connectivity, { query: { operatingSiteId }, silent: true }),
    refetchInterval: RECHECK_MS,
  });

export const useConnectivity = (operatingSiteId: number) => useQuery(connectivityQuery(operatingSiteId));
