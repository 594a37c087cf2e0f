import type { Person } from '@cbm/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { peopleQuery } from './get-people';

export type PersonAction = 'disable' | 'enable' | 'resetPassword' | 'resend' | 'withdraw';

const REQUESTS = {
  disable: { method: 'POST', path: 'disable' },
  enable: { method: 'POST', path: 'enable' },
  resetPassword: { method: 'POST', path: 'password-reset' },
  resend: { method: 'POST', path: 'invitation' },
  withdraw: { method: 'DELETE', path: 'invitation' },
} as const;

/**
 * The calls on one user without a body: POST /people/{userId}/disable, /enable, /password-reset,
 * POST and DELETE /people/{userId}/invitation (resend, withdraw).
 */
export function usePersonAction(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ person, action }: { person: Person; action: PersonAction }) =>
      api<Person | null>(`/people/${person.userId}/${REQUESTS[action].path}`, {
        method: REQUESTS[action].method,
        query: { operatingSiteId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQuery(operatingSiteId).queryKey }),
  });
}
