import type { ThresholdRule, ThresholdRuleBody } from '@cbm/contracts/alarms';
import type { AlertProduct } from '@cbm/contracts/alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const PATHS: Record<AlertProduct, string> = { battery: '/ThresholdRule', mdload: '/mdload/MdloadThresholdRule' };

/** GET /ThresholdRule or /mdload/MdloadThresholdRule: the site's threshold and silence rules. */
export const thresholdRulesQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['threshold-rules', product, operatingSiteId],
    queryFn: () => api<ThresholdRule[]>(PATHS[product], { query: { operatingSiteId } }),
  });

export const useThresholdRules = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(thresholdRulesQuery(product, operatingSiteId));

/** POST (new) or PUT …/{id}; the site's list is read again. */
export function useSaveThresholdRule(product: AlertProduct, operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ThresholdRuleBody }) =>
      id === undefined
        ? api<ThresholdRule>(PATHS[product], { method: 'POST', body })
        : api<ThresholdRule>(`${PATHS[product]}/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries(thresholdRulesQuery(product, operatingSiteId)),
  });
}

/** DELETE …/{id}?operatingSiteId; the site's list is read again. */
export function useDeleteThresholdRule(product: AlertProduct, operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ id: number }>(`${PATHS[product]}/${id}`, { method: 'DELETE', query: { operatingSiteId } }),
    onSuccess: () => queryClient.invalidateQueries(thresholdRulesQuery(product, operatingSiteId)),
  });
}
