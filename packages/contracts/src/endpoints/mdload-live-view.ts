import { endpoint } from '../endpoint';
import {
  assignChargerBodySchema,
  assignGroupBodySchema,
  chargingStationParamsSchema,
  mdloadLiveViewQuerySchema,
  mdloadLiveViewResponseSchema,
  mdloadUnitSchema,
} from '../mdload-live-view';

/** The charger-station live view: units, their CSV, assigning a station's charger or group. */
export const mdloadLiveViewEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/mdload/MdLoadLiveView',
    query: mdloadLiveViewQuerySchema,
    response: mdloadLiveViewResponseSchema,
  }),
  csv: endpoint({ method: 'GET', path: '/mdload/MdLoadLiveView/csv', query: mdloadLiveViewQuerySchema }),
  assignCharger: endpoint({
    method: 'POST',
    path: '/mdload/MdLoadLiveView/:id/charger',
    params: chargingStationParamsSchema,
    query: mdloadLiveViewQuerySchema,
    body: assignChargerBodySchema,
    response: mdloadUnitSchema,
  }),
  assignGroup: endpoint({
    method: 'POST',
    path: '/mdload/MdLoadLiveView/:id/group',
    params: chargingStationParamsSchema,
    query: mdloadLiveViewQuerySchema,
    body: assignGroupBodySchema,
    response: mdloadUnitSchema,
  }),
};
