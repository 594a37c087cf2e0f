import { sitesEndpoints } from '@cbm/contracts/endpoints/sites';
import type { Feature } from '@cbm/contracts/features';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The ids of the operating sites where the user holds the feature. */
export const useSitesWithFeature = (feature: Feature, enabled = true) =>
  useQuery({
    queryKey: ['operating-sites', 'access', feature],
    queryFn: () => call(sitesEndpoints.access, { query: { featureName: feature } }),
    staleTime: 5 * 60_000,
    enabled,
  });
