import type { AlertProduct } from '@cbm/contracts/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertPath, removeAlert } from '../alert-list';
import { alertsQuery } from './get-alerts';

/** DELETE …/{id}; the cached list loses that id (state rules). */
export function useDeleteAlert(product: AlertProduct, operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ id: number }>(`${alertPath(product)}/${id}`, { method: 'DELETE', query: { operatingSiteId } }),
    onSuccess: (_, id) =>
      queryClient.setQueryData(alertsQuery(product, operatingSiteId).queryKey, (list) => removeAlert(list, id)),
  });
}
