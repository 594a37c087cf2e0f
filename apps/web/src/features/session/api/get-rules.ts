import { sitesEndpoints } from '@cbm/contracts/endpoints/sites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The user's permission names at an operating site; failures are logged by the guard, not toasted. */
export const rulesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['rules', operatingSiteId],
    queryFn: () => call(sitesEndpoints.rules, { query: { operatingSiteId }, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRules = (operatingSiteId: number | undefined) =>
  useQuery({ ...rulesQuery(operatingSiteId ?? 0), enabled: operatingSiteId !== undefined });
