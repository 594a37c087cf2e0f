import type { ClientSettings } from '@cbm/contracts/client-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getClientSettingsQuery = queryOptions({
  queryKey: ['client-settings'],
  queryFn: () => api<ClientSettings>('/settings/client'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useClientSettings = () => useQuery(getClientSettingsQuery);
