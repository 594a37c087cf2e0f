import type { ReportSchedule, ReportScheduleBody } from '@cbm/contracts/report-schedules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { upsertSchedule } from '../report-schedule-list';
import { REPORT_SCHEDULE_PATH, reportSchedulesQuery } from './get-report-schedules';

/** POST (new) or PUT …/{id}; the cached list gets the saved schedule replaced by id or appended. */
export function useSaveReportSchedule(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ReportScheduleBody }) =>
      id === undefined
        ? api<ReportSchedule>(REPORT_SCHEDULE_PATH, { method: 'POST', body })
        : api<ReportSchedule>(`${REPORT_SCHEDULE_PATH}/${id}`, { method: 'PUT', body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(reportSchedulesQuery(operatingSiteId).queryKey, (list) => upsertSchedule(list, saved)),
  });
}
