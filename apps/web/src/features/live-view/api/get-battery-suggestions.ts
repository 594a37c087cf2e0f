import { liveViewEndpoints } from '@cbm/contracts/endpoints/live-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/BatteryLiveView/filters/batteries: names and serials of the site's batteries matching the text. */
export const batterySuggestionsQuery = (operatingSiteId: number, search: string) =>
  queryOptions({
    queryKey: ['liveView', 'suggestions', operatingSiteId, search],
    queryFn: () => call(liveViewEndpoints.suggestions, { query: { operatingSiteId, search } }),
    enabled: search !== '',
    staleTime: 60_000,
  });

export const useBatterySuggestions = (operatingSiteId: number, search: string) =>
  useQuery(batterySuggestionsQuery(operatingSiteId, search));
