import { fleetHealthEndpoints } from '@cbm/contracts/endpoints/fleet-health';
import type { FleetHealthQuery } from '@cbm/contracts/fleet-health';
import { LIVE_FALLBACK_REFETCH_MS } from '@cbm/contracts/live-stream';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const FLEET_HEALTH_KEY = 'fleet-health';

/** GET /fleet-health: the figures per site and in total over the user's live-view sites (decision 039). */
export const fleetHealthQuery = queryOptions({
  queryKey: [FLEET_HEALTH_KEY, 'figures'],
  queryFn: () => call(fleetHealthEndpoints.summary, { query: {} satisfies FleetHealthQuery }),
  // The site streams bring changes (use-health-stream); this catches sites beyond them.
  refetchInterval: LIVE_FALLBACK_REFETCH_MS,
});

export const useFleetHealth = (enabled: boolean) => useQuery({ ...fleetHealthQuery, enabled });

/** GET /fleet-health?operatingSiteId=: the figures of one site (its `total`). */
export const siteHealthQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: [FLEET_HEALTH_KEY, 'figures', operatingSiteId],
    queryFn: () => call(fleetHealthEndpoints.summary, { query: { operatingSiteId } satisfies FleetHealthQuery }),
    refetchInterval: LIVE_FALLBACK_REFETCH_MS,
  });

export const useSiteHealth = (operatingSiteId: number, enabled: boolean) =>
  useQuery({ ...siteHealthQuery(operatingSiteId), enabled });
