import { MDLOAD_LIVE_VIEW_CSV_FILENAME } from '@cbm/contracts/mdload-live-view';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { MDLOAD_LIVE_VIEW_PATH } from './get-mdload-live-view';

/** GET /mdload/MdLoadLiveView/csv, saved as a file (bytes as sent, byte-order mark included). */
export async function downloadMdloadCsv(siteId: number) {
  const { blob } = await apiFile(`${MDLOAD_LIVE_VIEW_PATH}/csv`, { query: { operatingSiteId: siteId } });
  saveFile({ blob, fileName: MDLOAD_LIVE_VIEW_CSV_FILENAME });
}
