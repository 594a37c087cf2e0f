import { siteAdminEndpoints } from '@cbm/contracts/endpoints/site-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The site's batteries and those at the other sites the admin manages (GET /OsAdmin/batteries). */
export const expectedBatteriesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['site-admin', 'batteries', operatingSiteId],
    queryFn: ({ meta }) =>
      call(siteAdminEndpoints.expectedBatteries, { query: { operatingSiteId }, silent: meta?.silent === true }),
  });

export const useExpectedBatteries = (operatingSiteId: number) => useQuery(expectedBatteriesQuery(operatingSiteId));
