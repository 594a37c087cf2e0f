import { fleetHealthEndpoints } from '@cbm/contracts/endpoints/fleet-health';
import type { FleetHealthQuery } from '@cbm/contracts/fleet-health';
import { LIVE_FALLBACK_REFETCH_MS } from '@cbm/contracts/live-stream';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { FLEET_HEALTH_KEY } from './get-fleet-health';

/** GET /fleet-health/attention: the batteries that need attention across the user's sites, worst first. */
export const attentionQuery = queryOptions({
  queryKey: [FLEET_HEALTH_KEY, 'attention'],
  queryFn: () => call(fleetHealthEndpoints.attention, { query: {} satisfies FleetHealthQuery }),
  // The site streams bring changes (use-health-stream); this catches sites beyond them.
  refetchInterval: LIVE_FALLBACK_REFETCH_MS,
});

export const useAttention = (enabled: boolean) => useQuery({ ...attentionQuery, enabled });
