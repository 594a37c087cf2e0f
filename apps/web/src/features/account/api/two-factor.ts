import type {
  RecoveryCodes,
  TwoFactorConfirmBody,
  TwoFactorDisableBody,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@cbm/contracts/two-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /user/two-factor: whether two-factor sign-in is on (and possible) for the signed-in user. */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['two-factor'],
  queryFn: () => api<TwoFactorStatus>('/user/two-factor'),
});

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery);

/** POST /user/two-factor: a new secret and its otpauth URI, shown once. */
export const useStartTwoFactor = () =>
  useMutation({ mutationFn: () => api<TwoFactorEnrolment>('/user/two-factor', { method: 'POST' }) });

/** POST /user/two-factor/confirm: the first code switches it on; the answer holds the recovery codes. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorConfirmBody) =>
      api<RecoveryCodes>('/user/two-factor/confirm', {
        method: 'POST',
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
      api<null>('/user/two-factor/disable', {
        method: 'POST',
        body: body satisfies TwoFactorDisableBody,
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}
