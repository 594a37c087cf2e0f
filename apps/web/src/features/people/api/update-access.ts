import { peopleEndpoints } from '@cbm/contracts/endpoints/people';
import type { PersonAccess } from '@cbm/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { peopleQuery } from './get-people';

/** PUT /people/{userId}/access: the user's features and per-site rules, as a whole. */
export function useUpdateAccess(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, access }: { userId: number; access: PersonAccess }) =>
      call(peopleEndpoints.access, {
        params: { userId },
        query: { operatingSiteId },
        body: access satisfies PersonAccess,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQuery(operatingSiteId).queryKey }),
  });
}
