import { mdloadStatisticsEndpoints } from '@cbm/contracts/endpoints/mdload-statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { type StatisticParams, statisticKey, statisticQuery } from './statistic-query';

/** GET /mdload/MdLoadStatistic/power: average and highest power per unit and hour or day. */
export const usePower = (params: StatisticParams | null) =>
  useQuery({
    queryKey: params ? statisticKey('power', params) : ['mdloadStatistic', 'power', 'none'],
    queryFn: () => call(mdloadStatisticsEndpoints.power, { query: statisticQuery(params as StatisticParams) }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
