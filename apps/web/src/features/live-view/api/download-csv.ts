import { LIVE_VIEW_CSV_FILENAME } from '@cbm/contracts/live-view';
import { api } from '../../../lib/api-client';
import { LIVE_VIEW_PATH } from './get-live-view';

/**
 * GET /battery/BatteryLiveView/csv, saved as battery-list.csv. Reading the body as text drops the
 * server's byte-order mark, so it is put back: Excel needs it to read UTF-8.
 */
export async function downloadLiveViewCsv(operatingSiteId: number, search: string) {
  const text = await api<string>(`${LIVE_VIEW_PATH}/csv`, {
    query: { operatingSiteId, search: search || undefined },
  });
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = LIVE_VIEW_CSV_FILENAME;
  link.click();
  URL.revokeObjectURL(url);
}
