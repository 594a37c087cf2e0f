import type { AlertBody, AlertProduct } from '@cbm/contracts/alerts';
import { alertEndpoints } from '@cbm/contracts/endpoints/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { upsertAlert } from '../alert-list';
import { alertsQuery } from './get-alerts';

/** POST (new) or PUT …/{id}; the cached list gets the saved alert replaced by id or appended (state rules). */
export function useSaveAlert(product: AlertProduct, operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AlertBody }) =>
      id === undefined
        ? call(alertEndpoints[product].create, { body })
        : call(alertEndpoints[product].update, { params: { id }, body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(alertsQuery(product, operatingSiteId).queryKey, (list) => upsertAlert(list, saved)),
  });
}
