import type { MdloadStartSoc } from '@cbm/contracts/mdload-statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MDLOAD_STATISTIC_PATH, type StatisticParams, statisticKey, statisticQuery } from './statistic-query';

/** GET /mdload/MdLoadStatistic/startsoc: charge sessions per start-SoC bucket. */
export const useStartSoc = (params: StatisticParams | null) =>
  useQuery({
    queryKey: params ? statisticKey('startsoc', params) : ['mdloadStatistic', 'startsoc', 'none'],
    queryFn: () =>
      api<MdloadStartSoc>(`${MDLOAD_STATISTIC_PATH}/startsoc`, { query: statisticQuery(params as StatisticParams) }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
