import type { ReportDefaults } from '@cbm/contracts/reports';
import { api } from '../../../lib/api-client';
import { REPORT_PATH } from './get-report-batteries';

/**
 * Setup defaults: GET /battery/Report/{serial}/defaults for a battery (with its data range),
 * GET /battery/Report/filter/defaults for an uploaded CSV (the site's currency, price and zone).
 */
export function fetchReportDefaults(operatingSiteId: number, serial: string): Promise<ReportDefaults> {
  const path = serial ? `${REPORT_PATH}/${encodeURIComponent(serial)}/defaults` : `${REPORT_PATH}/filter/defaults`;
  return api<ReportDefaults>(path, { query: { operatingSiteId } });
}
