import { type AttentionResponse, FLEET_HEALTH_REFRESH_MS, type FleetHealthQuery } from '@cbm/contracts/fleet-health';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FLEET_HEALTH_KEY, FLEET_HEALTH_PATH } from './get-fleet-health';

/** GET /fleet-health/attention: the batteries that need attention across the user's sites, worst first. */
export const attentionQuery = queryOptions({
  queryKey: [FLEET_HEALTH_KEY, 'attention'],
  queryFn: () => api<AttentionResponse>(`${FLEET_HEALTH_PATH}/attention`, { query: {} satisfies FleetHealthQuery }),
  refetchInterval: FLEET_HEALTH_REFRESH_MS,
});

export const useAttention = (enabled: boolean) => useQuery({ ...attentionQuery, enabled });
