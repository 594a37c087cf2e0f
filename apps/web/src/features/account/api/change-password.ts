import { userEndpoints } from '@cbm/contracts/endpoints/user';
import type { PasswordChangeBody } from '@cbm/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { ownSessionsQuery } from './own-sessions';

/** PUT /user/password: the form shows the server's refusal itself, so no toasts. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) =>
      call(userEndpoints.password, { body: body satisfies PasswordChangeBody, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownSessionsQuery.queryKey }),
  });
}
