import { batteryGroupsEndpoints } from '@cbm/contracts/endpoints/battery-groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { batteryGroupsQuery } from './get-battery-groups';

/** DELETE /BatteryGroup/{id}: its batteries move to Ungrouped. */
export function useDeleteBatteryGroup(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(batteryGroupsEndpoints.remove, { params: { id }, query: { operatingSiteId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: batteryGroupsQuery(operatingSiteId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['liveView', operatingSiteId] }),
      ]),
  });
}
