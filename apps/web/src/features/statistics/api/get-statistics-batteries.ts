import type { StatisticsBattery } from '@cbm/contracts/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STATISTICS_PATH } from './get-statistics';

/** GET /Statistics/filter/batteries: the site's batteries and their groups for the selections. */
export const statisticsBatteriesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['statistics', 'batteries', operatingSiteId],
    queryFn: () => api<StatisticsBattery[]>(`${STATISTICS_PATH}/filter/batteries`, { query: { operatingSiteId } }),
  });

export const useStatisticsBatteries = (operatingSiteId: number) => useQuery(statisticsBatteriesQuery(operatingSiteId));
