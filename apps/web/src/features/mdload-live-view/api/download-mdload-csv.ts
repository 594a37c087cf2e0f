import { mdloadLiveViewEndpoints } from '@cbm/contracts/endpoints/mdload-live-view';
import { MDLOAD_LIVE_VIEW_CSV_FILENAME } from '@cbm/contracts/mdload-live-view';
import { callFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /mdload/MdLoadLiveView/csv, saved as a file (bytes as sent, byte-order mark included). */
export async function downloadMdloadCsv(siteId: number) {
  const { blob } = await callFile(mdloadLiveViewEndpoints.csv, { query: { operatingSiteId: siteId } });
  saveFile({ blob, fileName: MDLOAD_LIVE_VIEW_CSV_FILENAME });
}
