import type { Alarm, AlarmAckBody } from '@cbm/contracts/alarms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ALARMS_KEY } from './get-alarms';

/** POST /Alarm/{id}/acknowledge; every cached inbox is read again. */
export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AlarmAckBody }) =>
      api<Alarm>(`/Alarm/${id}/acknowledge`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ALARMS_KEY] }),
  });
}
