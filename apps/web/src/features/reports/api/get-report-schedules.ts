import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/Report/Schedule: the site's scheduled reports. */
export const reportSchedulesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['report', 'schedules', operatingSiteId],
    queryFn: () => call(reportsEndpoints.schedules, { query: { operatingSiteId } }),
  });

export const useReportSchedules = (operatingSiteId: number) => useQuery(reportSchedulesQuery(operatingSiteId));
