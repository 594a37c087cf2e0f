import { statisticsEndpoints } from '@cbm/contracts/endpoints/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /Statistics/filter/batteries: the site's batteries and their groups for the selections. */
export const statisticsBatteriesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['statistics', 'batteries', operatingSiteId],
    queryFn: () => call(statisticsEndpoints.batteries, { query: { operatingSiteId } }),
  });

export const useStatisticsBatteries = (operatingSiteId: number) => useQuery(statisticsBatteriesQuery(operatingSiteId));
