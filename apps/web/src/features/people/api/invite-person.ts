import { peopleEndpoints } from '@cbm/contracts/endpoints/people';
import type { InvitationBody } from '@cbm/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { peopleQuery } from './get-people';

/** POST /people/invitations: creates the invited user and mails the link. */
export function useInvitePerson(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationBody) =>
      call(peopleEndpoints.invite, {
        query: { operatingSiteId },
        body: body satisfies InvitationBody,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQuery(operatingSiteId).queryKey }),
  });
}
