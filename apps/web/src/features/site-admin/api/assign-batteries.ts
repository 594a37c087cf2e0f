import type { BatteryAssignmentBody } from '@cbm/contracts/admin';
import { siteAdminEndpoints } from '@cbm/contracts/endpoints/site-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * POST /OsAdmin/batteries. Silent: the form tells the user itself ('Error storing batteries', error catalogue).
 * Afterwards every site's battery lists are stale; they reload without holding up the answer.
 */
export function useAssignBatteries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: BatteryAssignmentBody) =>
      call(siteAdminEndpoints.assignBatteries, { body: assignment, silent: true }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['site-admin', 'batteries'] });
    },
  });
}
