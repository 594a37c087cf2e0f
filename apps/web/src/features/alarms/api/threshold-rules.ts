import type { ThresholdRule, ThresholdRuleBody } from '@cbm/contracts/alarms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const PATH = '/ThresholdRule';

/** GET /ThresholdRule: the site's threshold and silence rules. */
export const thresholdRulesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['threshold-rules', operatingSiteId],
    queryFn: () => api<ThresholdRule[]>(PATH, { query: { operatingSiteId } }),
  });

export const useThresholdRules = (operatingSiteId: number) => useQuery(thresholdRulesQuery(operatingSiteId));

/** POST (new) or PUT …/{id}; the site's list is read again. */
export function useSaveThresholdRule(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ThresholdRuleBody }) =>
      id === undefined
        ? api<ThresholdRule>(PATH, { method: 'POST', body })
        : api<ThresholdRule>(`${PATH}/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries(thresholdRulesQuery(operatingSiteId)),
  });
}

/** DELETE …/{id}?operatingSiteId; the site's list is read again. */
export function useDeleteThresholdRule(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`${PATH}/${id}`, { method: 'DELETE', query: { operatingSiteId } }),
    onSuccess: () => queryClient.invalidateQueries(thresholdRulesQuery(operatingSiteId)),
  });
}
