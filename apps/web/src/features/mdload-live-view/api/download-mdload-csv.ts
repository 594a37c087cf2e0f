import { MDLOAD_LIVE_VIEW_CSV_FILENAME } from '@cbm/contracts/mdload-live-view';
import { api } from '../../../lib/api-client';
import { MDLOAD_LIVE_VIEW_PATH } from './get-mdload-live-view';

/** GET /mdload/MdLoadLiveView/csv as a file; the byte-order mark dropped by reading text is put back for Excel. */
export async function downloadMdloadCsv(operatingSiteId: number) {
  const text = await api<string>(`${MDLOAD_LIVE_VIEW_PATH}/csv`, { query: { operatingSiteId } });
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = MDLOAD_LIVE_VIEW_CSV_FILENAME;
  link.click();
  URL.revokeObjectURL(url);
}
