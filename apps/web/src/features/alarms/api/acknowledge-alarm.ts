import type { AlarmAckBody } from '@cbm/contracts/alarms';
import { alarmsEndpoints } from '@cbm/contracts/endpoints/alarms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { ALARMS_KEY } from './get-alarms';

/** POST /Alarm/{id}/acknowledge; every cached inbox is read again. */
export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AlarmAckBody }) =>
      call(alarmsEndpoints.acknowledge, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ALARMS_KEY] }),
  });
}
