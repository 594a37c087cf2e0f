import { TOAST_API_ERROR_MS } from '@cbm/contracts/constants';
import { type Datalog, datalogFileName } from '@cbm/contracts/datalogs';
import { API_BASE, toQueryString } from '../../../lib/api-client';
import { apiErrorToasts } from '../../../lib/api-error-toasts';
import { i18n } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import { DATALOG_PATH } from './get-datalogs';

/**
 * GET /battery/Datalog/{id}/download, saved under the datalog's file name. The zip is binary, so it is read as
 * a blob here rather than through the JSON client; failures get the same toasts as every other call (spec §8).
 */
export async function downloadDatalog(operatingSiteId: number, datalog: Datalog): Promise<boolean> {
  const response = await fetch(
    `${API_BASE}${DATALOG_PATH}/${datalog.id}/download${toQueryString({ operatingSiteId })}`,
    { credentials: 'same-origin', headers: { 'accept-language': i18n.language } },
  );
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const texts = { apiError: i18n.t('errors.apiError'), unknownError: i18n.t('errors.unknownError') };
    for (const toast of apiErrorToasts(body, response.statusText, texts)) {
      notifications.add({ ...toast, autoCloseMs: TOAST_API_ERROR_MS });
    }
    return false;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = datalogFileName(datalog);
  link.click();
  URL.revokeObjectURL(url);
  return true;
}
