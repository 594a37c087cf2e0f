import { userEndpoints } from '@cbm/contracts/endpoints/user';
import type { Clock, ClockUpdateBody } from '@cbm/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userQuery } from './get-user';

/** PUT /user/clock: whether times show in the site's zone or the browser's, kept on the user (decision 084). */
export function useUpdateClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clock: Clock) => call(userEndpoints.clock, { body: { clock } satisfies ClockUpdateBody }),
    onSuccess: (user) => queryClient.setQueryData(userQuery.queryKey, user),
  });
}
