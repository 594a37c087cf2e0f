import { siteAdminEndpoints } from '@cbm/contracts/endpoints/site-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The settings of an operating site (GET /OsAdmin); `meta.silent` for the route's load step. */
export const siteSettingsQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['site-admin', 'settings', operatingSiteId],
    queryFn: ({ meta }) =>
      call(siteAdminEndpoints.settings, { query: { operatingSiteId }, silent: meta?.silent === true }),
  });

export const useSiteSettings = (operatingSiteId: number) => useQuery(siteSettingsQuery(operatingSiteId));
