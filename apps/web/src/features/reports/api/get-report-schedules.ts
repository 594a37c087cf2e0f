import type { ReportSchedule } from '@cbm/contracts/report-schedules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REPORT_PATH } from './get-report-batteries';

export const REPORT_SCHEDULE_PATH = `${REPORT_PATH}/Schedule`;

/** GET /battery/Report/Schedule: the site's scheduled reports. */
export const reportSchedulesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['report', 'schedules', operatingSiteId],
    queryFn: () => api<ReportSchedule[]>(REPORT_SCHEDULE_PATH, { query: { operatingSiteId } }),
  });

export const useReportSchedules = (operatingSiteId: number) => useQuery(reportSchedulesQuery(operatingSiteId));
