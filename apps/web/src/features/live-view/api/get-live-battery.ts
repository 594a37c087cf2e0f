import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { api } from '../../../lib/api-client';
import { LIVE_VIEW_PATH } from './get-live-view';

/** GET /battery/BatteryLiveView/{serial}: one battery, as the update poll reads it. */
export const getLiveBattery = (operatingSiteId: number, serial: string) =>
  api<LiveViewBattery>(`${LIVE_VIEW_PATH}/${encodeURIComponent(serial)}`, { query: { operatingSiteId } });
