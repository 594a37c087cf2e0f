import type { ReportBattery } from '@cbm/contracts/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const REPORT_PATH = '/battery/Report';

/** GET /battery/Report/filter/batteries: the serials the select form suggests. */
export const reportBatteriesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['report', 'batteries', operatingSiteId],
    queryFn: () => api<ReportBattery[]>(`${REPORT_PATH}/filter/batteries`, { query: { operatingSiteId } }),
  });

export const useReportBatteries = (operatingSiteId: number) => useQuery(reportBatteriesQuery(operatingSiteId));
