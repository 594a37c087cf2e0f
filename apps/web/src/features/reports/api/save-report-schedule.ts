import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import type { ReportScheduleBody } from '@cbm/contracts/report-schedules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { upsertSchedule } from '../report-schedule-list';
import { reportSchedulesQuery } from './get-report-schedules';

/** POST (new) or PUT …/{id}; the cached list gets the saved schedule replaced by id or appended. */
export function useSaveReportSchedule(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ReportScheduleBody }) =>
      id === undefined
        ? call(reportsEndpoints.createSchedule, { body })
        : call(reportsEndpoints.updateSchedule, { params: { id }, body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(reportSchedulesQuery(operatingSiteId).queryKey, (list) => upsertSchedule(list, saved)),
  });
}
