import type { Datalog } from '@cbm/contracts/datalogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DATALOG_PATH, datalogsQuery } from './get-datalogs';

/** POST /battery/Datalog/{serial}: asks the battery to upload its datalog. */
export function useRequestDatalog(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serial: string) =>
      api<Datalog>(`${DATALOG_PATH}/${encodeURIComponent(serial)}`, { method: 'POST', query: { operatingSiteId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: datalogsQuery(operatingSiteId).queryKey }),
  });
}
