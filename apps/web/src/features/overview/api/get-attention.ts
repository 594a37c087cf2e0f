import type { AttentionResponse, FleetHealthQuery } from '@cbm/contracts/fleet-health';
import { LIVE_FALLBACK_REFETCH_MS } from '@cbm/contracts/live-stream';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FLEET_HEALTH_KEY, FLEET_HEALTH_PATH } from './get-fleet-health';

/** GET /fleet-health/attention: the batteries that need attention across the user's sites, worst first. */
export const attentionQuery = queryOptions({
  queryKey: [FLEET_HEALTH_KEY, 'attention'],
  queryFn: () => api<AttentionResponse>(`${FLEET_HEALTH_PATH}/attention`, { query: {} satisfies FleetHealthQuery }),
  // The site streams bring changes (use-health-stream); this catches sites beyond them.
  refetchInterval: LIVE_FALLBACK_REFETCH_MS,
});

export const useAttention = (enabled: boolean) => useQuery({ ...attentionQuery, enabled });
