import { mdloadStatisticsEndpoints } from '@cbm/contracts/endpoints/mdload-statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { type StatisticParams, statisticKey, statisticQuery } from './statistic-query';

/** GET /mdload/MdLoadStatistic/startsoc: charge sessions per start-SoC bucket. */
export const useStartSoc = (params: StatisticParams | null) =>
  useQuery({
    queryKey: params ? statisticKey('startsoc', params) : ['mdloadStatistic', 'startsoc', 'none'],
    queryFn: () => call(mdloadStatisticsEndpoints.startSoc, { query: statisticQuery(params as StatisticParams) }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
