import type { BatteryGroupCreateBody, BatteryGroupRenameBody } from '@cbm/contracts/battery-groups';
import { batteryGroupsEndpoints } from '@cbm/contracts/endpoints/battery-groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { batteryGroupsQuery } from './get-battery-groups';

/** POST /BatteryGroup (no id: a new group) or POST /BatteryGroup/{id} (rename). */
export function useSaveBatteryGroup(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id === undefined
        ? call(batteryGroupsEndpoints.create, {
            body: { name, operatingSiteId } satisfies BatteryGroupCreateBody,
          })
        : call(batteryGroupsEndpoints.rename, {
            params: { id },
            query: { operatingSiteId },
            body: { name } satisfies BatteryGroupRenameBody,
          }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: batteryGroupsQuery(operatingSiteId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['liveView', operatingSiteId] }),
      ]),
  });
}
