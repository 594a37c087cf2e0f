import { REPORT_CSV_FIELD, type ReportQuery } from '@cbm/contracts/reports';
import { type ApiRequest, apiFile } from '../../../lib/api-client';
import type { ReportFile } from '../report-setup';
import { REPORT_PATH } from './get-report-batteries';

type Query = Record<keyof ReportQuery, string>;

/** GET /battery/Report/{serial}/pdf or /csv. */
export function generateSerialReport(serial: string, type: 'pdf' | 'csv', query: Query): Promise<ReportFile> {
  return generate(`${REPORT_PATH}/${encodeURIComponent(serial)}/${type}`, { query }, type);
}

/** POST /battery/Report/pdfFromCsv: the file in cSVFile, the settings as fields, the site in the query. */
export function generateReportFromCsv(csv: File, query: Query): Promise<ReportFile> {
  const { operatingSiteId, ...fields } = query;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
  form.append(REPORT_CSV_FIELD, csv, csv.name);
  return generate(`${REPORT_PATH}/pdfFromCsv`, { method: 'POST', query: { operatingSiteId }, body: form }, 'pdf');
}

/** The report named as the server names it, with an object URL for the preview. */
async function generate(path: string, request: ApiRequest, type: 'pdf' | 'csv'): Promise<ReportFile> {
  const { blob, fileName } = await apiFile(path, request);
  return { blob, url: URL.createObjectURL(blob), fileName: fileName ?? `report.${type}`, type };
}
