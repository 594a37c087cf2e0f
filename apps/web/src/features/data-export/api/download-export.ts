import { DATA_EXPORT_PATH, type DataExportQuery, dataExportFilename } from '@cbm/contracts/data-export';
import { API_BASE, apiFile } from '../../../lib/api-client';

const EXPORT_PATH = DATA_EXPORT_PATH.slice(API_BASE.length);

/**
 * GET /Statistics/export as a file, named as the server names it, through the shared client: a refusal
 * (e.g. 400 with its message) becomes the error toasts of spec §8 and is thrown.
 */
export async function downloadExport(query: DataExportQuery): Promise<void> {
  const { blob, fileName } = await apiFile(EXPORT_PATH, { query });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? dataExportFilename(query.from, query.to);
  link.click();
  URL.revokeObjectURL(url);
}
