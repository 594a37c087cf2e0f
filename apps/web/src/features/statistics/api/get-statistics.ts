import type { StatisticsQuery, StatisticsResponse } from '@cbm/contracts/statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const STATISTICS_PATH = '/Statistics';

/** GET /Statistics for a checked query; nothing is asked before the form is complete. */
export const useStatistics = (query: StatisticsQuery | null) =>
  useQuery({
    queryKey: ['statistics', query],
    queryFn: () => api<StatisticsResponse>(STATISTICS_PATH, { query: query as StatisticsQuery }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
