import type { LiveViewSuggestion } from '@cbm/contracts/live-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LIVE_VIEW_PATH } from './get-live-view';

/** GET /battery/BatteryLiveView/filters/batteries: names and serials of the site's batteries matching the text. */
export const batterySuggestionsQuery = (operatingSiteId: number, search: string) =>
  queryOptions({
    queryKey: ['liveView', 'suggestions', operatingSiteId, search],
    queryFn: () =>
      api<LiveViewSuggestion[]>(`${LIVE_VIEW_PATH}/filters/batteries`, { query: { operatingSiteId, search } }),
    enabled: search !== '',
    staleTime: 60_000,
  });

export const useBatterySuggestions = (operatingSiteId: number, search: string) =>
  useQuery(batterySuggestionsQuery(operatingSiteId, search));
