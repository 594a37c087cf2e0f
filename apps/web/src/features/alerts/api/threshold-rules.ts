import type { ThresholdRuleBody } from '@cbm/contracts/alarms';
import type { AlertProduct } from '@cbm/contracts/alerts';
import { thresholdRuleEndpoints } from '@cbm/contracts/endpoints/threshold-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /ThresholdRule or /mdload/MdloadThresholdRule: the site's threshold and silence rules. */
export const thresholdRulesQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['threshold-rules', product, operatingSiteId],
    queryFn: () => call(thresholdRuleEndpoints[product].list, { query: { operatingSiteId } }),
  });

export const useThresholdRules = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(thresholdRulesQuery(product, operatingSiteId));

/** POST (new) or PUT …/{id}; the site's list is read again. */
export function useSaveThresholdRule(product: AlertProduct, operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ThresholdRuleBody }) =>
      id === undefined
        ? call(thresholdRuleEndpoints[product].create, { body })
        : call(thresholdRuleEndpoints[product].update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries(thresholdRulesQuery(product, operatingSiteId)),
  });
}

/** DELETE …/{id}?operatingSiteId; the site's list is read again. */
export function useDeleteThresholdRule(product: AlertProduct, operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call(thresholdRuleEndpoints[product].remove, { params: { id }, query: { operatingSiteId } }),
    onSuccess: () => queryClient.invalidateQueries(thresholdRulesQuery(product, operatingSiteId)),
  });
}
