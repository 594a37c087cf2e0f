import { LIVE_VIEW_MAX_ITEMS, LIVE_VIEW_UPDATE_POLL_MS } from '@cbm/contracts/constants';
import { liveViewEndpoints } from '@cbm/contracts/endpoints/live-view';
import { fromCompact, type LiveViewCompactResponse, type LiveViewQuery } from '@cbm/contracts/live-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * GET /battery/BatteryLiveView: the site's batteries (API calls, up to 99,999), compact (decision 057). The screen
 * searches the list it holds (search-model.ts) rather than asking again for each search.
 */
export const liveViewQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['liveView', operatingSiteId],
    queryFn: async () =>
      fromCompact(
        // format=compact answers in the compact shape.
        (await call(liveViewEndpoints.list, {
          query: { operatingSiteId, offset: 0, limit: LIVE_VIEW_MAX_ITEMS, format: 'compact' } satisfies LiveViewQuery,
        })) as LiveViewCompactResponse,
      ),
    staleTime: 30 * LIVE_VIEW_UPDATE_POLL_MS,
  });

export const useLiveView = (operatingSiteId: number) => useQuery(liveViewQuery(operatingSiteId));
