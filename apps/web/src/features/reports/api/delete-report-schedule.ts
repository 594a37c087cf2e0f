import { reportsEndpoints } from '@cbm/contracts/endpoints/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { removeSchedule } from '../report-schedule-list';
import { reportSchedulesQuery } from './get-report-schedules';

/** DELETE …/{id}; the cached list loses that id. */
export function useDeleteReportSchedule(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(reportsEndpoints.deleteSchedule, { params: { id }, query: { operatingSiteId } }),
    onSuccess: (_, id) =>
      queryClient.setQueryData(reportSchedulesQuery(operatingSiteId).queryKey, (list) => removeSchedule(list, id)),
  });
}
