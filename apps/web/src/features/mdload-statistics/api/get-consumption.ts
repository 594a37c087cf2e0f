import { mdloadStatisticsEndpoints } from '@cbm/contracts/endpoints/mdload-statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { type StatisticParams, statisticKey, statisticQuery } from './statistic-query';

/** GET /mdload/MdLoadStatistic/consumption: daily energy per unit and the summary. */
export const useConsumption = (params: StatisticParams | null) =>
  useQuery({
    queryKey: params ? statisticKey('consumption', params) : ['mdloadStatistic', 'consumption', 'none'],
    queryFn: () =>
      call(mdloadStatisticsEndpoints.consumption, {
        query: statisticQuery(params as StatisticParams),
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
