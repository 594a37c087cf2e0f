import type { MdloadLiveViewResponse } from '@cbm/contracts/mdload-live-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const MDLOAD_LIVE_VIEW_PATH = '/mdload/MdLoadLiveView';
/** Chargers report on their own topic; their live state is refreshed with the list this often. */
const REFRESH_MS = 60_000;

export const mdloadLiveViewKey = (operatingSiteId: number) => ['mdloadLiveView', operatingSiteId] as const;

/** GET /mdload/MdLoadLiveView: the site's charger-station units with groups, stations and chargers (API calls). */
export const mdloadLiveViewQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: mdloadLiveViewKey(operatingSiteId),
    queryFn: () => api<MdloadLiveViewResponse>(MDLOAD_LIVE_VIEW_PATH, { query: { operatingSiteId } }),
    refetchInterval: REFRESH_MS,
  });

export const useMdloadLiveView = (operatingSiteId: number) => useQuery(mdloadLiveViewQuery(operatingSiteId));
