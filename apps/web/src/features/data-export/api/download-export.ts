import { DATA_EXPORT_PATH, type DataExportQuery, dataExportFilename } from '@cbm/contracts/data-export';
import { ApiRequestError, toQueryString } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

/**
 * GET /Statistics/export as a file. The response goes to a Blob as bytes, so the server's byte-order
 * mark stays (Excel needs it to read UTF-8); the file name is the server's.
 */
export async function downloadExport(query: DataExportQuery): Promise<void> {
  const response = await fetch(`${DATA_EXPORT_PATH}${toQueryString(query)}`, {
    credentials: 'same-origin',
    headers: { 'accept-language': i18n.language },
  });
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw new ApiRequestError(`GET ${DATA_EXPORT_PATH} failed with status ${response.status}`, response.status, body);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? dataExportFilename(query.from, query.to);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
