import type { MdloadPower } from '@cbm/contracts/mdload-statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MDLOAD_STATISTIC_PATH, type StatisticParams, statisticKey, statisticQuery } from './statistic-query';

/** GET /mdload/MdLoadStatistic/power: average and highest power per unit and hour or day. */
export const usePower = (params: StatisticParams | null) =>
  useQuery({
    queryKey: params ? statisticKey('power', params) : ['mdloadStatistic', 'power', 'none'],
    queryFn: () =>
      api<MdloadPower>(`${MDLOAD_STATISTIC_PATH}/power`, { query: statisticQuery(params as StatisticParams) }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
