import { type FlatOperatingSite, flattenOperatingSites } from '@cbm/contracts/site-tree';
import type { SiteNode } from '@cbm/contracts/sites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const siteTreeQuery = queryOptions({
  queryKey: ['operating-sites', 'tree'],
  queryFn: () => api<SiteNode[]>('/OperatingSites/info'),
  staleTime: 5 * 60_000,
});

/** The user's operating sites as a flat list, each with its parents path. */
export const useOperatingSites = () =>
  useQuery({ ...siteTreeQuery, select: (tree): FlatOperatingSite[] => flattenOperatingSites(tree) });
