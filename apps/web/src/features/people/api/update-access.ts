import type { Person, PersonAccess } from '@cbm/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { peopleQuery } from './get-people';

/** PUT /people/{userId}/access: the user's features and per-site rules, as a whole. */
export function useUpdateAccess(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, access }: { userId: number; access: PersonAccess }) =>
      api<Person>(`/people/${userId}/access`, {
        method: 'PUT',
        query: { operatingSiteId },
        body: access satisfies PersonAccess,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQuery(operatingSiteId).queryKey }),
  });
}
