import { LIVE_VIEW_CSV_FILENAME } from '@cbm/contracts/live-view';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { LIVE_VIEW_PATH } from './get-live-view';

/** GET /battery/BatteryLiveView/csv, saved as battery-list.csv (bytes as sent, byte-order mark included). */
export async function downloadLiveViewCsv(siteId: number, search: string) {
  const { blob } = await apiFile(`${LIVE_VIEW_PATH}/csv`, {
    query: { operatingSiteId: siteId, search: search || undefined },
  });
  saveFile({ blob, fileName: LIVE_VIEW_CSV_FILENAME });
}
