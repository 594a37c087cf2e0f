import type { ExpectedBatteries } from '@cbm/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The site's batteries and those at the other sites the admin manages (GET /OsAdmin/batteries). */
export const expectedBatteriesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['site-admin', 'batteries', operatingSiteId],
    queryFn: ({ meta }) =>
      api<ExpectedBatteries>('/OsAdmin/batteries', { query: { operatingSiteId }, silent: meta?.silent === true }),
  });

export const useExpectedBatteries = (operatingSiteId: number) => useQuery(expectedBatteriesQuery(operatingSiteId));
