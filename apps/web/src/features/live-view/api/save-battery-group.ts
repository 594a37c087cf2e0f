import type { BatteryGroup, BatteryGroupCreateBody, BatteryGroupRenameBody } from '@cbm/contracts/battery-groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { batteryGroupsQuery } from './get-battery-groups';

/** POST /BatteryGroup (no id: a new group) or POST /BatteryGroup/{id} (rename). */
export function useSaveBatteryGroup(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id === undefined
        ? api<BatteryGroup>('/BatteryGroup', {
            method: 'POST',
            body: { name, operatingSiteId } satisfies BatteryGroupCreateBody,
          })
        : api<BatteryGroup>(`/BatteryGroup/${id}`, {
            method: 'POST',
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
