import { FLEET_HEALTH_REFRESH_MS, type FleetHealthQuery, type FleetHealthResponse } from '@cbm/contracts/fleet-health';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const FLEET_HEALTH_PATH = '/fleet-health';
export const FLEET_HEALTH_KEY = 'fleet-health';

/** GET /fleet-health: the figures per site and in total over the user's live-view sites (decision 039). */
export const fleetHealthQuery = queryOptions({
  queryKey: [FLEET_HEALTH_KEY, 'figures'],
  queryFn: () => api<FleetHealthResponse>(FLEET_HEALTH_PATH, { query: {} satisfies FleetHealthQuery }),
  refetchInterval: FLEET_HEALTH_REFRESH_MS,
});

export const useFleetHealth = (enabled: boolean) => useQuery({ ...fleetHealthQuery, enabled });
