import { liveViewEndpoints } from '@cbm/contracts/endpoints/live-view';
import { LIVE_VIEW_CSV_FILENAME } from '@cbm/contracts/live-view';
import { callFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /battery/BatteryLiveView/csv, saved as battery-list.csv (bytes as sent, byte-order mark included). */
export async function downloadLiveViewCsv(siteId: number, search: string) {
  const { blob } = await callFile(liveViewEndpoints.csv, {
    query: { operatingSiteId: siteId, search: search || undefined },
  });
  saveFile({ blob, fileName: LIVE_VIEW_CSV_FILENAME });
}
