import { LIVE_VIEW_MAX_ITEMS, LIVE_VIEW_UPDATE_POLL_MS } from '@cbm/contracts/constants';
import type { LiveViewQuery, LiveViewResponse } from '@cbm/contracts/live-view';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const LIVE_VIEW_PATH = '/battery/BatteryLiveView';

/** GET /battery/BatteryLiveView: the site's batteries matching the search (API calls, up to 99,999). */
export const liveViewQuery = (operatingSiteId: number, search: string) =>
  queryOptions({
    queryKey: ['liveView', operatingSiteId, search],
    queryFn: () =>
      api<LiveViewResponse>(LIVE_VIEW_PATH, {
        query: {
          operatingSiteId,
          offset: 0,
          limit: LIVE_VIEW_MAX_ITEMS,
          search: search || undefined,
        } satisfies LiveViewQuery,
      }),
    staleTime: 30 * LIVE_VIEW_UPDATE_POLL_MS,
  });

export const useLiveView = (operatingSiteId: number, search: string) =>
  useQuery({ ...liveViewQuery(operatingSiteId, search), placeholderData: keepPreviousData });
