import type { Feature } from '@cbm/contracts/features';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The ids of the operating sites where the user holds the feature. */
export const useSitesWithFeature = (feature: Feature, enabled = true) =>
  useQuery({
    queryKey: ['operating-sites', 'access', feature],
    queryFn: () => api<number[]>('/OperatingSites/access', { query: { featureName: feature } }),
    staleTime: 5 * 60_000,
    enabled,
  });
