import type { LiveViewUpdateResponse } from '@cbm/contracts/live-view';
import { api } from '../../../lib/api-client';
import { LIVE_VIEW_PATH } from './get-live-view';

/** GET /battery/BatteryLiveView/{serial}/update: asks the battery for fresh data (a data refresh, not a firmware update). */
export const requestDataRefresh = (siteId: number, serial: string) =>
  api<LiveViewUpdateResponse>(`${LIVE_VIEW_PATH}/${encodeURIComponent(serial)}/update`, {
    query: { operatingSiteId: siteId },
  });
