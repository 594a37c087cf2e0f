import { userEndpoints } from '@cbm/contracts/endpoints/user';
import type { TwoFactorConfirmBody, TwoFactorDisableBody } from '@cbm/contracts/two-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /user/two-factor: whether two-factor sign-in is on (and possible) for the signed-in user. */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['two-factor'],
  queryFn: () => call(userEndpoints.twoFactor),
});

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery);

/** POST /user/two-factor: a new secret and its otpauth URI, shown once. */
export const useStartTwoFactor = () => useMutation({ mutationFn: () => call(userEndpoints.twoFactorEnrol) });

/** POST /user/two-factor/confirm: the first code switches it on; the answer holds the recovery codes. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorConfirmBody) =>
      call(userEndpoints.twoFactorConfirm, {
        body: body satisfies TwoFactorConfirmBody,
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}

/** POST /user/two-factor/disable with a current code or the password. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableBody) =>
      call(userEndpoints.twoFactorDisable, {
        body: body satisfies TwoFactorDisableBody,
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}
