import { authEndpoints } from '@cbm/contracts/endpoints/auth';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const authenticatedQuery = queryOptions({
  queryKey: ['authenticated'],
  queryFn: () => call(authEndpoints.authenticated),
  staleTime: 10_000,
});
