import type { MdloadConsumption } from '@cbm/contracts/mdload-statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MDLOAD_STATISTIC_PATH, type StatisticParams, statisticKey, statisticQuery } from './statistic-query';

/** GET /mdload/MdLoadStatistic/consumption: daily energy per unit and the summary. */
export const useConsumption = (params: StatisticParams | null) =>
  useQuery({
    queryKey: params ? statisticKey('consumption', params) : ['mdloadStatistic', 'consumption', 'none'],
    queryFn: () =>
      api<MdloadConsumption>(`${MDLOAD_STATISTIC_PATH}/consumption`, {
        query: statisticQuery(params as StatisticParams),
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
