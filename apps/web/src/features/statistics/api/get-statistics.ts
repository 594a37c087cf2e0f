import { statisticsEndpoints } from '@cbm/contracts/endpoints/statistics';
import type { StatisticsQuery } from '@cbm/contracts/statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';

/**
 * GET /Statistics for a checked query; nothing is asked before the form is complete. Asked again in another UI
 * language: the server names Ungrouped in it.
 */
export const useStatistics = (query: StatisticsQuery | null) => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['statistics', query, i18n.language],
    queryFn: () => call(statisticsEndpoints.statistics, { query: query as StatisticsQuery }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
};
