import { STATISTICS_DEFAULT_TIME_ZONE } from '@cbm/contracts/constants';
import { sitesEndpoints } from '@cbm/contracts/endpoints/sites';
import { type FlatOperatingSite, flattenOperatingSites } from '@cbm/contracts/site-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const siteTreeQuery = queryOptions({
  queryKey: ['operating-sites', 'tree'],
  queryFn: () => call(sitesEndpoints.tree),
  staleTime: 5 * 60_000,
});

/** The user's operating sites as a flat list, each with its parents path. */
export const useOperatingSites = () =>
  useQuery({ ...siteTreeQuery, select: (tree): FlatOperatingSite[] => flattenOperatingSites(tree) });

/** The operating site's time zone (its settings), Europe/Berlin until the sites are loaded or where none is set. */
export function useSiteTimeZone(operatingSiteId: number): string {
  const sites = useOperatingSites();
  const site = sites.data?.find((entry) => entry.operatingSiteId === operatingSiteId);
  return site?.location?.timezone ?? STATISTICS_DEFAULT_TIME_ZONE;
}
