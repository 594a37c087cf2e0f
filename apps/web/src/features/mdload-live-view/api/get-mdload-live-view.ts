import { mdloadLiveViewEndpoints } from '@cbm/contracts/endpoints/mdload-live-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Chargers report on their own topic; their live state is refreshed with the list this often. */
const REFRESH_MS = 60_000;

export const mdloadLiveViewKey = (operatingSiteId: number) => ['mdloadLiveView', operatingSiteId] as const;

/** GET /mdload/MdLoadLiveView: the site's charger-station units with groups, stations and chargers (API calls). */
export const mdloadLiveViewQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: mdloadLiveViewKey(operatingSiteId),
    queryFn: () => call(mdloadLiveViewEndpoints.list, { query: { operatingSiteId } }),
    refetchInterval: REFRESH_MS,
  });

export const useMdloadLiveView = (operatingSiteId: number) => useQuery(mdloadLiveViewQuery(operatingSiteId));
