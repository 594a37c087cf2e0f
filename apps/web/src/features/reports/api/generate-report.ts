import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import { REPORT_CSV_FIELD, type ReportQuery } from '@cbm/contracts/reports';
import { type ApiFile, callFile } from '../../../lib/api-client';
import type { ReportFile } from '../report-setup';

type Query = Record<keyof ReportQuery, string>;
/** The form's values go out as typed: the server checks them and answers with its field messages. */
const asTyped = (query: Query) => query as unknown as ReportQuery;

/** GET /battery/Report/{serial}/pdf or /csv. */
export function generateSerialReport(serial: string, type: 'pdf' | 'csv', query: Query): Promise<ReportFile> {
  return generate(callFile(reportsEndpoints[type], { params: { serial }, query: asTyped(query) }), type);
}

/** POST /battery/Report/pdfFromCsv: the file in cSVFile, the settings as fields, the site in the query. */
export function generateReportFromCsv(csv: File, query: Query): Promise<ReportFile> {
  const { operatingSiteId, ...fields } = query;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
  form.append(REPORT_CSV_FIELD, csv, csv.name);
  return generate(callFile(reportsEndpoints.pdfFromCsv, { query: { operatingSiteId }, body: form }), 'pdf');
}

/** The report named as the server names it, with an object URL for the preview. */
async function generate(file: Promise<ApiFile>, type: 'pdf' | 'csv'): Promise<ReportFile> {
  const { blob, fileName } = await file;
  return { blob, url: URL.createObjectURL(blob), fileName: fileName ?? `report.${type}`, type };
}
