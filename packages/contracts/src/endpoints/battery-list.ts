import {
  batteryListItemSchema,
  batteryListQuerySchema,
  batteryListResponseSchema,
  batteryListSerialParamsSchema,
  batteryListSiteQuerySchema,
  enableRemoteResponseSchema,
  expectedVersionsSchema,
} from '../battery-list';
import { endpoint } from '../endpoint';

/** The expert battery list (cbm_view): every battery field, expected versions, remote debugging. */
export const batteryListEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/battery/BatteryList',
    query: batteryListQuerySchema,
    response: batteryListResponseSchema,
  }),
  expectedVersions: endpoint({
    method: 'GET',
    path: '/battery/BatteryList/filters/expectedVersions',
    query: batteryListSiteQuerySchema,
    response: expectedVersionsSchema,
  }),
  battery: endpoint({
    method: 'GET',
    path: '/battery/BatteryList/:serial',
    params: batteryListSerialParamsSchema,
    query: batteryListSiteQuerySchema,
    response: batteryListItemSchema,
  }),
  enableRemote: endpoint({
    method: 'GET',
    path: '/battery/BatteryList/:serial/enableremote',
    params: batteryListSerialParamsSchema,
    query: batteryListSiteQuerySchema,
    response: enableRemoteResponseSchema,
  }),
};
