import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import type { ReportDefaults } from '@cbm/contracts/reports';
import { call } from '../../../lib/api-client';

/**
 * Setup defaults: GET /battery/Report/{serial}/defaults for a battery (with its data range),
 * GET /battery/Report/filter/defaults for an uploaded CSV (the site's currency, price and zone).
 */
export function fetchReportDefaults(operatingSiteId: number, serial: string): Promise<ReportDefaults> {
  const query = { operatingSiteId };
  return serial
    ? call(reportsEndpoints.batteryDefaults, { params: { serial }, query })
    : call(reportsEndpoints.siteDefaults, { query });
}
