import { userEndpoints } from '@cbm/contracts/endpoints/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const userQuery = queryOptions({
  queryKey: ['user'],
  queryFn: () => call(userEndpoints.get),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useUser = () => useQuery(userQuery);
