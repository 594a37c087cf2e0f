import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { removeSchedule } from '../report-schedule-list';
import { REPORT_SCHEDULE_PATH, reportSchedulesQuery } from './get-report-schedules';

/** DELETE …/{id}; the cached list loses that id. */
export function useDeleteReportSchedule(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ id: number }>(`${REPORT_SCHEDULE_PATH}/${id}`, { method: 'DELETE', query: { operatingSiteId } }),
    onSuccess: (_, id) =>
      queryClient.setQueryData(reportSchedulesQuery(operatingSiteId).queryKey, (list) => removeSchedule(list, id)),
  });
}
