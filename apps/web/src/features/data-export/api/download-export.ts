import { DATA_EXPORT_PATH, type DataExportQuery, dataExportFilename } from '@cbm/contracts/data-export';
import { API_BASE, apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

const EXPORT_PATH = DATA_EXPORT_PATH.slice(API_BASE.length);

/** GET /Statistics/export, saved as the server names it; a refusal (e.g. 400 with its message) shows the toasts. */
export async function downloadExport(query: DataExportQuery): Promise<void> {
  const { blob, fileName } = await apiFile(EXPORT_PATH, { query });
  saveFile({ blob, fileName: fileName ?? dataExportFilename(query.from, query.to) });
}
