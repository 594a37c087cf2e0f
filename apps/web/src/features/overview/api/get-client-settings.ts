import { clientSettingsEndpoints } from '@cbm/contracts/endpoints/client-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const getClientSettingsQuery = queryOptions({
  queryKey: ['client-settings'],
  queryFn: () => call(clientSettingsEndpoints.client),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useClientSettings = () => useQuery(getClientSettingsQuery);
