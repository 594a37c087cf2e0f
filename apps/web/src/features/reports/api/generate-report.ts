import { TOAST_API_ERROR_MS } from '@cbm/contracts/constants';
import { REPORT_CSV_FIELD, type ReportQuery } from '@cbm/contracts/reports';
import { API_BASE, toQueryString } from '../../../lib/api-client';
import { apiErrorToasts } from '../../../lib/api-error-toasts';
import { i18n } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import type { ReportFile } from '../report-setup';
import { REPORT_PATH } from './get-report-batteries';

type Query = Record<keyof ReportQuery, string>;

/** GET /battery/Report/{serial}/pdf or /csv (blob). */
export function generateSerialReport(serial: string, type: 'pdf' | 'csv', query: Query): Promise<ReportFile> {
  const url = `${API_BASE}${REPORT_PATH}/${encodeURIComponent(serial)}/${type}${toQueryString(query)}`;
  return download(fetch(url, { credentials: 'same-origin', headers: { 'accept-language': i18n.language } }), type);
}

/** POST /battery/Report/pdfFromCsv: the file in cSVFile, the settings as fields, the site in the query. */
export function generateReportFromCsv(csv: File, query: Query): Promise<ReportFile> {
  const { operatingSiteId, ...fields } = query;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
  form.append(REPORT_CSV_FIELD, csv, csv.name);
  const url = `${API_BASE}${REPORT_PATH}/pdfFromCsv${toQueryString({ operatingSiteId })}`;
  const request = fetch(url, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { 'accept-language': i18n.language },
  });
  return download(request, 'pdf');
}

/** The file as an object URL named as the server names it; failures become the error toasts of spec §8. */
async function download(request: Promise<Response>, type: 'pdf' | 'csv'): Promise<ReportFile> {
  let response: Response;
  try {
    response = await request;
  } catch (error) {
    throw toast(undefined, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw toast(body, `${response.status} ${response.statusText}`);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `report.${type}`;
  return { url: URL.createObjectURL(await response.blob()), fileName, type };
}

function toast(body: unknown, message: string): Error {
  const texts = { apiError: i18n.t('errors.apiError'), unknownError: i18n.t('errors.unknownError') };
  for (const item of apiErrorToasts(body, message, texts))
    notifications.add({ ...item, autoCloseMs: TOAST_API_ERROR_MS });
  return new Error(message);
}

/** Saves a generated report under its file name. */
export function saveReportFile(file: ReportFile): void {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.fileName;
  link.click();
}
