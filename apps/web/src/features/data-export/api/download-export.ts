import { type DataExportQuery, dataExportFilename } from '@cbm/contracts/data-export';
import { statisticsEndpoints } from '@cbm/contracts/endpoints/statistics';
import { callFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /Statistics/export, saved as the server names it; a refusal (e.g. 400 with its message) shows the toasts. */
export async function downloadExport(query: DataExportQuery): Promise<void> {
  const { blob, fileName } = await callFile(statisticsEndpoints.export, { query });
  saveFile({ blob, fileName: fileName ?? dataExportFilename(query.from, query.to) });
}
