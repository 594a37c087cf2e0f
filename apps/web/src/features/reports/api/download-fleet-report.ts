import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import type { FleetReportQuery } from '@cbm/contracts/reports';
import { callFile } from '../../../lib/api-client';
import type { SavedFile } from '../../../lib/save-file';

/** GET /battery/FleetReport/pdf: the site's fleet report of the local dates, named as the server names it. */
export async function downloadFleetReport(query: FleetReportQuery): Promise<SavedFile> {
  const { blob, fileName } = await callFile(reportsEndpoints.fleetPdf, { query });
  return { blob, fileName: fileName ?? 'fleet-report.pdf' };
}
