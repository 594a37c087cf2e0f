import type { User } from '@cbm/contracts/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const userQuery = queryOptions({
  queryKey: ['user'],
  queryFn: () => api<User>('/user'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useUser = () => useQuery(userQuery);
