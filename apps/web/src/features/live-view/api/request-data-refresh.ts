import { liveViewEndpoints } from '@cbm/contracts/endpoints/live-view';
import { call } from '../../../lib/api-client';

/** GET /battery/BatteryLiveView/{serial}/update: asks the battery for fresh data (a data refresh, not a firmware update). */
export const requestDataRefresh = (siteId: number, serial: string) =>
  call(liveViewEndpoints.dataRefresh, {
    params: { serial },
    query: { operatingSiteId: siteId },
  });
