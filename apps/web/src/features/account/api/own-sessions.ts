import { userEndpoints } from '@cbm/contracts/endpoints/user';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /user/sessions: the signed-in user's sessions, the current one marked. */
export const ownSessionsQuery = queryOptions({
  queryKey: ['own-sessions'],
  queryFn: () => call(userEndpoints.sessions),
});

export const useOwnSessions = () => useQuery(ownSessionsQuery);

/** DELETE /user/sessions?sessionId: ends one of the user's sessions at once. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call(userEndpoints.endSession, { query: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownSessionsQuery.queryKey }),
  });
}
