import { profileParamsSchema } from '../battery-profile';
import { endpoint, typed } from '../endpoint';
import {
  type LiveViewCompactResponse,
  type LiveViewResponse,
  liveViewAutocompleteQuerySchema,
  liveViewAutocompleteSchema,
  liveViewBatteryChangeBodySchema,
  liveViewBatterySchema,
  liveViewConnectivitySchema,
  liveViewCsvQuerySchema,
  liveViewQuerySchema,
  liveViewSiteQuerySchema,
  liveViewUpdateResponseSchema,
} from '../live-view';

/** The battery live view: the list, its CSV, search suggestions, one battery, its group and name, a data refresh. */
export const liveViewEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/battery/BatteryLiveView',
    query: liveViewQuerySchema,
    response: typed<LiveViewResponse | LiveViewCompactResponse>(),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/battery/BatteryLiveView/csv',
    query: liveViewCsvQuerySchema,
  }),
  suggestions: endpoint({
    method: 'GET',
    path: '/battery/BatteryLiveView/filters/batteries',
    query: liveViewAutocompleteQuerySchema,
    response: liveViewAutocompleteSchema,
  }),
  connectivity: endpoint({
    method: 'GET',
    path: '/battery/BatteryLiveView/connectivity',
    query: liveViewSiteQuerySchema,
    response: liveViewConnectivitySchema,
  }),
  battery: endpoint({
    method: 'GET',
    path: '/battery/BatteryLiveView/:serial',
    params: profileParamsSchema,
    query: liveViewSiteQuerySchema,
    response: liveViewBatterySchema,
  }),
  changeBattery: endpoint({
    method: 'POST',
    path: '/battery/BatteryLiveView/:serial',
    params: profileParamsSchema,
    query: liveViewSiteQuerySchema,
    body: liveViewBatteryChangeBodySchema,
    response: liveViewBatterySchema,
  }),
  dataRefresh: endpoint({
    method: 'GET',
    path: '/battery/BatteryLiveView/:serial/update',
    params: profileParamsSchema,
    query: liveViewSiteQuerySchema,
    response: liveViewUpdateResponseSchema,
  }),
};
