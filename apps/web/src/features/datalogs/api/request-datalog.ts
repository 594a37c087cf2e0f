import { datalogsEndpoints } from '@cbm/contracts/endpoints/datalogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { datalogsQuery } from './get-datalogs';

/** POST /battery/Datalog/{serial}: asks the battery to upload its datalog. */
export function useRequestDatalog(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serial: string) => call(datalogsEndpoints.request, { params: { serial }, query: { operatingSiteId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: datalogsQuery(operatingSiteId).queryKey }),
  });
}
