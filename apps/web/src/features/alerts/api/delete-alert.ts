import type { AlertProduct } from '@cbm/contracts/alerts';
import { alertEndpoints } from '@cbm/contracts/endpoints/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { removeAlert } from '../alert-list';
import { alertsQuery } from './get-alerts';

/** DELETE …/{id}; the cached list loses that id (state rules). */
export function useDeleteAlert(product: AlertProduct, operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(alertEndpoints[product].remove, { params: { id }, query: { operatingSiteId } }),
    onSuccess: (_, id) =>
      queryClient.setQueryData(alertsQuery(product, operatingSiteId).queryKey, (list) => removeAlert(list, id)),
  });
}
