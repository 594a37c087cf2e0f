import { peopleEndpoints } from '@cbm/contracts/endpoints/people';
import type { Person } from '@cbm/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { peopleQuery } from './get-people';

export type PersonAction = 'disable' | 'enable' | 'resetPassword' | 'resend' | 'withdraw';

const ENDPOINTS = {
  disable: peopleEndpoints.disable,
  enable: peopleEndpoints.enable,
  resetPassword: peopleEndpoints.passwordReset,
  resend: peopleEndpoints.resendInvitation,
  withdraw: peopleEndpoints.withdrawInvitation,
} as const;

/**
 * The calls on one user without a body: POST /people/{userId}/disable, /enable, /password-reset,
 * POST and DELETE /people/{userId}/invitation (resend, withdraw).
 */
export function usePersonAction(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ person, action }: { person: Person; action: PersonAction }) =>
      call(ENDPOINTS[action], { params: { userId: person.userId }, query: { operatingSiteId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQuery(operatingSiteId).queryKey }),
  });
}
