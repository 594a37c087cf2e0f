import { liveViewEndpoints } from '@cbm/contracts/endpoints/live-view';
import { call } from '../../../lib/api-client';

/** GET /battery/BatteryLiveView/{serial}: one battery, as the update poll reads it. */
export const getLiveBattery = (operatingSiteId: number, serial: string) =>
  call(liveViewEndpoints.battery, { params: { serial }, query: { operatingSiteId } });
