import type { AuthenticatedResponse } from '@cbm/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const authenticatedQuery = queryOptions({
  queryKey: ['authenticated'],
  queryFn: () => api<AuthenticatedResponse>('/authenticated'),
  staleTime: 10_000,
});
