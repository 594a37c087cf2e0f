import type { Alert, AlertBody, AlertProduct } from '@cbm/contracts/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertPath, upsertAlert } from '../alert-list';
import { alertsQuery } from './get-alerts';

/** POST (new) or PUT …/{id}; the cached list gets the saved alert replaced by id or appended (state rules). */
export function useSaveAlert(product: AlertProduct, operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AlertBody }) =>
      id === undefined
        ? api<Alert>(alertPath(product), { method: 'POST', body })
        : api<Alert>(`${alertPath(product)}/${id}`, { method: 'PUT', body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(alertsQuery(product, operatingSiteId).queryKey, (list) => upsertAlert(list, saved)),
  });
}
