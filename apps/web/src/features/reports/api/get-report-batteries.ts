import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/Report/filter/batteries: the serials the select form suggests. */
export const reportBatteriesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['report', 'batteries', operatingSiteId],
    queryFn: () => call(reportsEndpoints.batteries, { query: { operatingSiteId } }),
  });

export const useReportBatteries = (operatingSiteId: number) => useQuery(reportBatteriesQuery(operatingSiteId));
