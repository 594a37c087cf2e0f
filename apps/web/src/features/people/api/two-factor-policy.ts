import { peopleEndpoints } from '@cbm/contracts/endpoints/people';
import type { TwoFactorPolicy } from '@cbm/contracts/two-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /people/two-factor-policy: whether the organisation of the site requires two-factor sign-in (042). */
export const twoFactorPolicyQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['two-factor-policy', operatingSiteId],
    queryFn: () => call(peopleEndpoints.twoFactorPolicy, { query: { operatingSiteId } }),
  });

export const useTwoFactorPolicy = (operatingSiteId: number) => useQuery(twoFactorPolicyQuery(operatingSiteId));

/** PUT /people/two-factor-policy: requires two-factor sign-in of the organisation's users, or no longer. */
export function useSetTwoFactorPolicy(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorPolicy) =>
      call(peopleEndpoints.setTwoFactorPolicy, {
        query: { operatingSiteId },
        body: body satisfies TwoFactorPolicy,
      }),
    onSuccess: (policy) => queryClient.setQueryData(twoFactorPolicyQuery(operatingSiteId).queryKey, policy),
  });
}
